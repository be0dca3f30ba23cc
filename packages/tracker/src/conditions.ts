/**
 * Conditional recording ("cold start"). When GET /v1/web/conditions/{projectKey} answers a non-empty list, the
 * tracker records into a rolling buffer (restarted with a new full snapshot every 30 s) in the 'cold start' state,
 * and starts sending (state 'active', the buffer first) when one condition matches a signal of the page:
 *  - visited_url: the page's href (query values removed);     - exception: an error's message;
 *  - network_request: a recorded call's url (path and query keys) or its status;
 *  - custom_event: the tag of an event added through `tracker.event`;
 *  - duration: the session's age in seconds (checked every second).
 * Operators (packages/contracts session-tracking.ts): is, contains, starts_with, ends_with, greater_than (numbers:
 * a duration, a status); also read: isNot, notContains, matches (a regular expression), gte, lte, and camelCase
 * spellings. Unknown types or operators never match. A condition is read defensively: it comes from the network.
 */

export type ConditionType = 'visited_url' | 'exception' | 'network_request' | 'custom_event' | 'duration';

export interface Condition {
  type: string;
  operator: string;
  value: string | number | (string | number)[];
}

export interface Signal {
  type: ConditionType;
  value: string | number;
}

/** Reads the conditions list of the answer, keeping the well-formed entries only. */
export function parseConditions(body: unknown): Condition[] {
  const list =
    typeof body === 'object' && body !== null ? (body as { conditions?: unknown }).conditions : null;
  if (!Array.isArray(list)) {
    return [];
  }
  return list.filter(
    (item): item is Condition =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as Condition).type === 'string' &&
      typeof (item as Condition).operator === 'string' &&
      ['string', 'number', 'object'].includes(typeof (item as Condition).value),
  );
}

function matchOne(operator: string, actual: string | number, expected: string | number): boolean {
  const a = String(actual);
  const e = String(expected);
  switch (operator.replace(/_([a-z])/gu, (_, letter: string) => letter.toUpperCase())) {
    case 'is':
      return a === e;
    case 'isNot':
      return a !== e;
    case 'contains':
      return a.includes(e);
    case 'notContains':
      return !a.includes(e);
    case 'startsWith':
      return a.startsWith(e);
    case 'endsWith':
      return a.endsWith(e);
    case 'matches':
      try {
        return new RegExp(e, 'u').test(a);
      } catch {
        return false;
      }
    case 'greaterThan':
      return Number(actual) > Number(expected);
    case 'gte':
      return Number(actual) >= Number(expected);
    case 'lte':
      return Number(actual) <= Number(expected);
    default:
      return false;
  }
}

/** Whether a condition matches a signal: same type, and the operator holds for one of its values. */
export function conditionMatches(condition: Condition, signal: Signal): boolean {
  if (condition.type !== signal.type) {
    return false;
  }
  const values = Array.isArray(condition.value) ? condition.value : [condition.value];
  return values.some((value) => matchOne(condition.operator, signal.value, value));
}
