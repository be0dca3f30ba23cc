/**
 * The attribute sanitizer. rrweb passes text through maskTextFn but leaves attributes as they are (rrweb issues
 * #1361, #1581), so an IBAN in a title, a placeholder or an aria-label would leave the page. Every event is
 * sanitized here, in place, before it reaches the worker:
 *  - full snapshots (the whole serialized tree) and mutations (added nodes, attribute changes, text changes);
 *  - text-carrying attributes (title, placeholder, aria-label, aria-description, alt, label, data-* ...) go through
 *    the strict text rules (IBAN, card, e-mail, amount; digits too with obscureTextNumbers), or are obscured
 *    entirely inside `data-tracker-mask`, and are truncated to 100 characters (labels, spec section 5);
 *  - `value` attributes are obscured entirely; href/src over 100000 characters are blanked;
 *  - texts get the rules no allow-list lifts (IBAN, card, e-mail) again, as a second line behind maskTextFn;
 *  - meta events' href loses its query values; it and every string of custom events (our telemetry) get the strict rules too.
 * Pure: no DOM, so it is unit-tested over plain rrweb events.
 */
import { capHref, recordedHref, truncateLabel } from './rules.ts';
import { maskAll, maskAlways, maskText, type MaskOptions } from './mask.ts';

/** rrweb's event types and incremental sources used here (values of @rrweb/types). */
const EVENT_FULL_SNAPSHOT = 2;
const EVENT_INCREMENTAL = 3;
const EVENT_META = 4;
const EVENT_CUSTOM = 5;
const SOURCE_MUTATION = 0;
const NODE_ELEMENT = 2;
const NODE_TEXT = 3;

/** Attributes whose value is text a person reads: masked by the text rules and truncated as labels. */
const TEXT_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'aria-placeholder',
  'alt',
  'label',
  'summary',
  'content',
  'download',
]);
/** Attributes carrying a URL: capped (section 5) and stripped of IBAN/card/e-mail-like parts. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'poster', 'cite', 'srcset']);
/** data-* values kept as they are: short tokens without digits, such as data-state="open" or data-theme="dark". */
const DATA_TOKEN = /^[A-Za-z_-]{1,32}$/u;

type Attributes = Record<string, unknown>;

interface SerializedNode {
  type?: number;
  tagName?: string;
  attributes?: Attributes;
  childNodes?: SerializedNode[];
  textContent?: string;
  isStyle?: boolean;
}

interface Event {
  type: number;
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function hasFlag(attributes: Attributes | undefined, name: string): boolean {
  return (
    attributes !== undefined && name in attributes && attributes[name] !== null && attributes[name] !== false
  );
}

/** Sanitizes one attribute value (the name lower-cased); non-strings (rrweb's style objects, null) pass. */
export function sanitizeAttribute(
  name: string,
  value: unknown,
  options: MaskOptions,
  masked: boolean,
): unknown {
  if (typeof value !== 'string' || value.length === 0) {
    return value;
  }
  if (name === 'value') {
    return maskAll(value);
  }
  if (TEXT_ATTRIBUTES.has(name)) {
    return truncateLabel(masked ? maskAll(value) : maskText(value, options));
  }
  if (URL_ATTRIBUTES.has(name)) {
    return maskAlways(capHref(value));
  }
  if (name.startsWith('data-')) {
    if (DATA_TOKEN.test(value)) {
      return value;
    }
    return masked ? maskAll(value) : maskText(value, { ...options, numbers: true });
  }
  if (name === '_csstext' || name === 'style') {
    return value;
  }
  return maskAlways(value, options.emails);
}

function sanitizeAttributes(attributes: Attributes | undefined, options: MaskOptions, masked: boolean): void {
  if (!attributes) {
    return;
  }
  for (const name of Object.keys(attributes)) {
    attributes[name] = sanitizeAttribute(name.toLowerCase(), attributes[name], options, masked);
  }
}

function sanitizeNode(node: SerializedNode, options: MaskOptions, masked: boolean): void {
  if (node.type === NODE_ELEMENT) {
    const inside = masked || hasFlag(node.attributes, 'data-tracker-mask');
    sanitizeAttributes(node.attributes, options, inside);
    for (const child of node.childNodes ?? []) {
      sanitizeNode(child, options, inside);
    }
    return;
  }
  if (node.type === NODE_TEXT) {
    if (!node.isStyle && typeof node.textContent === 'string') {
      node.textContent = masked ? maskAll(node.textContent) : maskAlways(node.textContent, options.emails);
    }
    return;
  }
  for (const child of node.childNodes ?? []) {
    sanitizeNode(child, options, masked);
  }
}

function sanitizeStrings(value: unknown, options: MaskOptions): unknown {
  if (typeof value === 'string') {
    return maskText(value, options);
  }
  if (Array.isArray(value)) {
    return value.map((item) => sanitizeStrings(item, options));
  }
  if (isRecord(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = sanitizeStrings(item, options);
    }
    return out;
  }
  return value;
}

/** Sanitizes one rrweb event in place and returns it. */
export function sanitizeEvent<E extends Event>(event: E, options: MaskOptions): E {
  const data = event.data;
  if (!isRecord(data)) {
    return event;
  }
  if (event.type === EVENT_FULL_SNAPSHOT && isRecord(data.node)) {
    sanitizeNode(data.node as SerializedNode, options, false);
  } else if (event.type === EVENT_INCREMENTAL && data.source === SOURCE_MUTATION) {
    for (const add of (data.adds as { node?: SerializedNode }[] | undefined) ?? []) {
      if (add.node) {
        sanitizeNode(add.node, options, false);
      }
    }
    for (const change of (data.attributes as { attributes?: Attributes }[] | undefined) ?? []) {
      sanitizeAttributes(change.attributes, options, false);
    }
    for (const text of (data.texts as { value?: unknown }[] | undefined) ?? []) {
      if (typeof text.value === 'string') {
        text.value = maskAlways(text.value, options.emails);
      }
    }
  } else if (event.type === EVENT_META && typeof data.href === 'string') {
    data.href = recordedHref(data.href);
  } else if (event.type === EVENT_CUSTOM) {
    data.payload = sanitizeStrings(data.payload, { emails: true, numbers: options.numbers });
  }
  return event;
}
