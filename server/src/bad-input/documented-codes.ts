/**
 * The error codes docs/api.md lists, read from its tables: an answer's code must be one of them, so a new code
 * that is not documented fails the bad-input suite. The first column of every table row is taken when it looks
 * like a code (`SOME_CODE`, a Cognito `SomethingException`, an OAuth `snake_case` error in backticks is not a
 * table row and is listed separately); the status column, when the table has one, is kept to check the answer.
 */
import { readFileSync } from 'node:fs';

/** What docs/api.md says about the error answers. */
export interface DocumentedCodes {
  /** `error.code` values with their documented status (null when the table has no status column). */
  readonly codes: ReadonlyMap<string, number | null>;
  /** The identity service's Cognito `__type` names. */
  readonly cognitoTypes: ReadonlySet<string>;
  /** The Cognito operations the identity endpoint answers (the "Operations:" item of the identity section). */
  readonly cognitoOperations: readonly string[];
}

const upperCode = /^[A-Z][A-Z0-9_]+$/;
const cognitoType = /^[A-Z][A-Za-z]+(?:Exception)$/;

/** Parses docs/api.md (`path`). */
export function readDocumentedCodes(path: string): DocumentedCodes {
  const text = readFileSync(path, 'utf8');
  const codes = new Map<string, number | null>();
  const cognitoTypes = new Set<string>();
  let statusColumn = -1;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      statusColumn = -1;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim().replace(/^`(.*)`$/, '$1'));
    if (cells.every((cell) => /^-+$/.test(cell))) {
      continue;
    }
    if (cells.includes('status')) {
      statusColumn = cells.indexOf('status');
      continue;
    }
    const first = cells[0] ?? '';
    if (cognitoType.test(first)) {
      cognitoTypes.add(first);
    } else if (upperCode.test(first)) {
      const status = statusColumn >= 0 ? Number(cells[statusColumn]) : NaN;
      codes.set(first, Number.isInteger(status) ? status : (codes.get(first) ?? null));
    }
  }
  const operationsLine = /- Operations: ([\s\S]*?)\.\n/.exec(text)?.[1] ?? '';
  // Parenthesised remarks name flows and members, not operations: `InitiateAuth (USER_PASSWORD_AUTH, ...)`.
  const withoutRemarks = operationsLine.replace(/\([^()]*(?:\([^()]*\)[^()]*)*\)/g, '');
  const cognitoOperations = [...withoutRemarks.matchAll(/\b([A-Z][a-zA-Z]+)\b/g)]
    .map((match) => match[1]!)
    .filter((name, index, all) => all.indexOf(name) === index && name !== 'Tessera');
  return { codes, cognitoTypes, cognitoOperations };
}
