/**
 * Executes an agent's remote-control events on the customer's page (spec section 4: move, click, scroll, type into
 * the focused input), after the refusal policy (rules.ts): never on credential fields, money-moving confirmations
 * (`data-assist="confirm"`), masked or private elements, or the live-assist overlays.
 * - click: `document.elementFromPoint` and dispatched pointer and mouse events (untrusted: the web app's money
 *   confirmations also ignore untrusted clicks, a second line);
 * - input and printable keys: the native value setter and an `input` event (React's onChange fires), at the caret;
 * - Enter submits the focused field's form (refused when the form holds a money confirmation), or clicks the
 *   focused button or link; Backspace, Delete, arrows, Home and End edit and move the caret; Escape is dispatched.
 */
import { refusalLabel, remoteRefusal, type RefusalReason } from './rules.ts';

export type ControlKind = 'click' | 'scroll' | 'move' | 'focus' | 'input' | 'key';

export interface ControlEvent {
  kind: ControlKind;
  x?: number;
  y?: number;
  value?: string;
  key?: string;
}

export type ControlOutcome = { ok: true } | { ok: false; reason: RefusalReason; label: string };

const OK: ControlOutcome = { ok: true };

type TextField = HTMLInputElement | HTMLTextAreaElement;

/** Input types the agent may type into (others, like checkboxes, are clicked). */
const TEXT_INPUT_TYPES = new Set([
  '',
  'text',
  'search',
  'email',
  'tel',
  'url',
  'number',
  'date',
  'time',
  'month',
  'week',
  'datetime-local',
]);

function isTextField(element: Element | null): element is TextField {
  if (element instanceof HTMLTextAreaElement) {
    return !element.readOnly && !element.disabled;
  }
  return (
    element instanceof HTMLInputElement &&
    TEXT_INPUT_TYPES.has(element.type.toLowerCase()) &&
    !element.readOnly &&
    !element.disabled
  );
}

/** The field's value set as the browser's own typing would (React tracks the native setter). */
function setNativeValue(field: TextField, value: string) {
  const prototype =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) {
    setter.call(field, value);
  } else {
    field.value = value;
  }
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The caret range of a field; null for types without one (email, number): the end. */
function caret(field: TextField): [number, number] {
  try {
    if (field.selectionStart !== null && field.selectionEnd !== null) {
      return [field.selectionStart, field.selectionEnd];
    }
  } catch {
    // no selection API for this type
  }
  return [field.value.length, field.value.length];
}

function setCaret(field: TextField, position: number) {
  try {
    field.setSelectionRange(position, position);
  } catch {
    // no selection API for this type
  }
}

function insertText(field: TextField, text: string) {
  const [start, end] = caret(field);
  const value = field.value.slice(0, start) + text + field.value.slice(end);
  const max = field.maxLength > 0 ? field.maxLength : Number.POSITIVE_INFINITY;
  if (Array.from(value).length > max) {
    return;
  }
  setNativeValue(field, value);
  setCaret(field, start + text.length);
}

function focusedElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) {
    active = active.shadowRoot.activeElement;
  }
  return active === document.body ? null : active;
}

function scrollableAncestor(element: Element | null, dx: number, dy: number): Element | null {
  for (let node = element; node && node !== document.documentElement; node = node.parentElement) {
    const style = getComputedStyle(node);
    const canY = dy !== 0 && /(auto|scroll)/u.test(style.overflowY) && node.scrollHeight > node.clientHeight;
    const canX = dx !== 0 && /(auto|scroll)/u.test(style.overflowX) && node.scrollWidth > node.clientWidth;
    if (canX || canY) {
      return node;
    }
  }
  return null;
}

function mouse(type: string, x: number, y: number): MouseEvent {
  return new MouseEvent(type, {
    bubbles: true,
    cancelable: true,
    composed: true,
    clientX: x,
    clientY: y,
    view: window,
    button: 0,
  });
}

export interface RemoteControl {
  execute(event: ControlEvent): ControlOutcome;
}

export function createRemoteControl(): RemoteControl {
  /** The last pointer position (scrolls go to what is under it). */
  let pointer = { x: 0, y: 0 };

  const refuse = (target: Element | null): ControlOutcome | null => {
    const reason = remoteRefusal(target);
    return reason ? { ok: false, reason, label: refusalLabel(target) } : null;
  };

  const click = (x: number, y: number): ControlOutcome => {
    const target = document.elementFromPoint(x, y);
    if (!target) {
      return OK;
    }
    const refused = refuse(target);
    if (refused) {
      return refused;
    }
    const init = {
      bubbles: true,
      cancelable: true,
      composed: true,
      clientX: x,
      clientY: y,
      pointerId: 1,
      isPrimary: true,
    };
    target.dispatchEvent(new PointerEvent('pointerdown', init));
    target.dispatchEvent(mouse('mousedown', x, y));
    const focusable = (target as HTMLElement).closest?.<HTMLElement>(
      'input, textarea, select, button, a[href], [tabindex], [contenteditable="true"]',
    );
    focusable?.focus({ preventScroll: true });
    target.dispatchEvent(new PointerEvent('pointerup', init));
    target.dispatchEvent(mouse('mouseup', x, y));
    target.dispatchEvent(mouse('click', x, y));
    return OK;
  };

  const key = (name: string): ControlOutcome => {
    const target = focusedElement();
    const refused = refuse(target);
    if (refused) {
      return refused;
    }
    const node = target ?? document.body;
    const init = { key: name, bubbles: true, cancelable: true, composed: true };
    const proceed = node.dispatchEvent(new KeyboardEvent('keydown', init));
    if (proceed && isTextField(target)) {
      const [start, end] = caret(target);
      if (Array.from(name).length === 1) {
        insertText(target, name);
      } else if (name === 'Backspace' || name === 'Delete') {
        if (start !== end) {
          setNativeValue(target, target.value.slice(0, start) + target.value.slice(end));
          setCaret(target, start);
        } else if (name === 'Backspace' && start > 0) {
          setNativeValue(target, target.value.slice(0, start - 1) + target.value.slice(end));
          setCaret(target, start - 1);
        } else if (name === 'Delete' && end < target.value.length) {
          setNativeValue(target, target.value.slice(0, start) + target.value.slice(end + 1));
          setCaret(target, start);
        }
      } else if (name === 'ArrowLeft') {
        setCaret(target, Math.max(0, start - 1));
      } else if (name === 'ArrowRight') {
        setCaret(target, Math.min(target.value.length, end + 1));
      } else if (name === 'Home') {
        setCaret(target, 0);
      } else if (name === 'End') {
        setCaret(target, target.value.length);
      } else if (name === 'Enter') {
        if (target instanceof HTMLTextAreaElement) {
          insertText(target, '\n');
        } else if (target.form) {
          // Submitting a form that holds a money confirmation would be the confirmation: only the customer may.
          const confirm = target.form.querySelector('[data-assist="confirm"]');
          if (confirm) {
            return { ok: false, reason: 'money', label: refusalLabel(target.form) };
          }
          target.form.requestSubmit();
        }
      }
    } else if (
      proceed &&
      name === 'Enter' &&
      target instanceof HTMLElement &&
      target.matches('button, a[href], [role="button"]')
    ) {
      target.click();
    }
    node.dispatchEvent(new KeyboardEvent('keyup', init));
    return OK;
  };

  return {
    execute(event) {
      const x = typeof event.x === 'number' && Number.isFinite(event.x) ? event.x : pointer.x;
      const y = typeof event.y === 'number' && Number.isFinite(event.y) ? event.y : pointer.y;
      switch (event.kind) {
        case 'move':
          pointer = { x, y };
          return OK;
        case 'click':
          pointer = { x, y };
          return click(x, y);
        case 'focus': {
          const target = typeof event.x === 'number' ? document.elementFromPoint(x, y) : focusedElement();
          const refused = refuse(target);
          if (refused) {
            return refused;
          }
          (target as HTMLElement | null)?.focus?.({ preventScroll: true });
          return OK;
        }
        case 'scroll': {
          // x and y are the wheel's deltas: what is under the pointer scrolls, else the page.
          const dx = typeof event.x === 'number' && Number.isFinite(event.x) ? event.x : 0;
          const dy = typeof event.y === 'number' && Number.isFinite(event.y) ? event.y : 0;
          const under = document.elementFromPoint(pointer.x, pointer.y);
          const scroller = scrollableAncestor(under, dx, dy);
          if (scroller) {
            scroller.scrollBy(dx, dy);
          } else {
            window.scrollBy(dx, dy);
          }
          return OK;
        }
        case 'input': {
          const target = focusedElement();
          const refused = refuse(target);
          if (refused) {
            return refused;
          }
          if (typeof event.value === 'string') {
            if (isTextField(target)) {
              insertText(target, event.value);
            } else if (target instanceof HTMLSelectElement) {
              const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
              setter?.call(target, event.value);
              target.dispatchEvent(new Event('input', { bubbles: true }));
              target.dispatchEvent(new Event('change', { bubbles: true }));
            }
          }
          return OK;
        }
        case 'key':
          return typeof event.key === 'string' && event.key !== '' ? key(event.key) : OK;
        default:
          return OK;
      }
    },
  };
}
