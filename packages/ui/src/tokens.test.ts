import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * WCAG 2.2 AA for every text/background pair the components use, in both themes:
 * 4.5:1 for text (1.4.3), 3:1 for control boundaries, focus rings and state fills (1.4.11).
 * https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio
 */

interface Block {
  /** The enclosing at-rule (or '') and the selector, normalised. */
  context: string;
  selector: string;
  declarations: Map<string, string>;
}

/** A small CSS reader for tokens.css: rules, one level of at-rule nesting, custom properties. */
function parseBlocks(css: string): Block[] {
  const source = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const blocks: Block[] = [];
  const stack: string[] = [];
  let buffer = '';
  for (const char of source) {
    if (char === '{') {
      stack.push(buffer.trim().replace(/\s+/g, ' '));
      buffer = '';
    } else if (char === '}') {
      const selector = stack.pop() ?? '';
      const declarations = new Map<string, string>();
      for (const declaration of buffer.split(';')) {
        const colon = declaration.indexOf(':');
        if (colon > 0) {
          declarations.set(
            declaration.slice(0, colon).trim(),
            declaration
              .slice(colon + 1)
              .trim()
              .replace(/\s+/g, ' '),
          );
        }
      }
      if (declarations.size > 0) {
        blocks.push({ context: stack.join(' '), selector, declarations });
      }
      buffer = '';
    } else {
      buffer += char;
    }
  }
  return blocks;
}

const css = readFileSync(new URL('./styles/tokens.css', import.meta.url), 'utf8');
const blocks = parseBlocks(css);

function findBlock(context: string, selector: string): Map<string, string> {
  const block = blocks.find((candidate) => candidate.context === context && candidate.selector === selector);
  if (!block) {
    throw new Error(`tokens.css has no block ${context} ${selector}`);
  }
  return block.declarations;
}

const themes = {
  light: findBlock('', ":root, html[data-theme='light']"),
  dark: findBlock('', "html[data-theme='dark']"),
};
const systemDark = findBlock(
  '@media (prefers-color-scheme: dark)',
  "html:not([data-theme='light']):not([data-theme='dark'])",
);

function channel(value: number): number {
  const srgb = value / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) {
    throw new Error(`${hex} is not an opaque 6-digit hex colour`);
  }
  const [red, green, blue] = match.slice(1).map((pair) => channel(parseInt(pair, 16)));
  return 0.2126 * red! + 0.7152 * green! + 0.0722 * blue!;
}

function contrast(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

const TEXT = 4.5;
const UI = 3;
const surfaces = ['canvas', 'surface-1', 'surface-2', 'surface-3', 'surface-raised'];

/** [foreground, background, minimum ratio, where the components use it]. */
const pairs: Array<[string, string, number, string]> = [
  ...['text-primary', 'text-secondary', 'text-muted'].flatMap((text) =>
    surfaces.map((surface): [string, string, number, string] => [
      text,
      surface,
      TEXT,
      'body text on every surface',
    ]),
  ),
  ['text-primary', 'brand-subtle', TEXT, 'selected menu item, segmented hover'],
  ['brand-contrast', 'brand', TEXT, 'primary button'],
  ['brand-contrast', 'brand-hover', TEXT, 'primary button hover'],
  ['brand-contrast', 'brand-active', TEXT, 'primary button pressed'],
  ...['canvas', 'surface-1', 'surface-2', 'brand-subtle'].map((surface): [string, string, number, string] => [
    'brand-text',
    surface,
    TEXT,
    'links, selected tab, brand badge',
  ]),
  ['accent-contrast', 'accent', TEXT, 'accent fill'],
  ['accent-text', 'accent-subtle', TEXT, 'accent badge'],
  ['accent-text', 'surface-1', TEXT, 'accent text'],
  ['danger-contrast', 'danger', TEXT, 'danger button'],
  ['danger-contrast', 'danger-hover', TEXT, 'danger button hover'],
  ...['success', 'warning', 'danger', 'info'].flatMap((tone): Array<[string, string, number, string]> => [
    [`${tone}-text`, `${tone}-subtle`, TEXT, 'badge, banner, toast'],
    [`${tone}-text`, 'canvas', TEXT, 'field messages on the page'],
    [`${tone}-text`, 'surface-1', TEXT, 'field messages in a card'],
    [`${tone}-text`, 'surface-raised', TEXT, 'messages in a dialog'],
    [tone, 'surface-1', UI, 'status icons and dots'],
    [tone, 'surface-raised', UI, 'toast icons'],
    [tone, `${tone}-subtle`, UI, 'banner icon'],
    ['text-primary', `${tone}-subtle`, TEXT, 'banner body'],
    ['text-secondary', `${tone}-subtle`, TEXT, 'banner dismiss button'],
  ]),
  ['danger-text', 'danger-subtle', TEXT, 'destructive menu item, highlighted'],
  ['text-secondary', 'surface-3', TEXT, 'neutral badge'],
  ['brand-text', 'surface-raised', UI, 'selected option check in a select'],
  ['text-inverse', 'surface-inverse', TEXT, 'tooltip'],
  ...['positive', 'negative'].flatMap((tone) =>
    ['canvas', 'surface-1', 'surface-2', 'surface-raised'].map(
      (surface): [string, string, number, string] => [tone, surface, TEXT, 'gains and losses'],
    ),
  ),
  ...['canvas', 'surface-1', 'surface-2', 'surface-raised'].flatMap(
    (surface): Array<[string, string, number, string]> => [
      ['border-strong', surface, UI, 'input, checkbox and switch boundaries'],
      ['focus', surface, UI, 'focus ring'],
      ['brand', surface, UI, 'checked checkbox, switch, selected tab indicator'],
    ],
  ),
  ['focus', 'surface-3', UI, 'focus ring on a hovered row'],
  ['surface-1', 'border-strong', UI, 'switch thumb on the off track'],
  ['surface-1', 'brand', UI, 'switch thumb on the on track'],
];

describe.each(Object.entries(themes))('the %s theme', (_name, tokens) => {
  it.each(pairs)('%s on %s reaches %s:1 (%s)', (foreground, background, minimum) => {
    const fg = tokens.get(`--ts-color-${foreground}`);
    const bg = tokens.get(`--ts-color-${background}`);
    expect(fg, foreground).toBeDefined();
    expect(bg, background).toBeDefined();
    expect(contrast(fg!, bg!)).toBeGreaterThanOrEqual(minimum);
  });

  it('writes every colour token as hex', () => {
    const colours = [...tokens].filter(([name]) => name.startsWith('--ts-color-'));
    expect(colours.length).toBeGreaterThan(40);
    for (const [name, value] of colours) {
      expect(value, name).toMatch(/^#([0-9a-f]{6}|[0-9a-f]{8})$/);
    }
  });
});

describe('theme blocks', () => {
  it('defines the same colour tokens in light and dark', () => {
    expect([...themes.dark.keys()].sort()).toEqual([...themes.light.keys()].sort());
  });

  it('keeps the system dark theme identical to the forced dark theme', () => {
    expect(Object.fromEntries(systemDark)).toEqual(Object.fromEntries(themes.dark));
  });

  it('computes contrast like the WCAG definition', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
