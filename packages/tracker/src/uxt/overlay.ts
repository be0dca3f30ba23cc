/**
 * The usability-test overlay (spec section 2, 'Usability-test overlay'): the greeting, then the draggable,
 * collapsible widget in the top-right corner, the SUS questionnaire when the test has it, and the end panel. It
 * renders the flow's view (flow.ts) into an open shadow root of `<div id="tessera-uxt" data-private>`:
 * - the app's CSS does not reach it (constructed stylesheet, `all: initial`), and the page's CSP allows it;
 * - `data-private` keeps it out of the session recording (rrweb's blockSelector: the replay shows an empty box);
 * - every text is English or French after `<html lang>`, followed live, and the theme after `<html data-theme>`;
 * - roles and names: the greeting is a modal dialog, the widget a region 'Usability test'; the sections are
 *   disclosure buttons; focus moves to what changed (new task, end panel); the panel moves with the pointer or
 *   with the arrow keys on its handle.
 * Texts from the test (title, guidelines...) are set as text, never as HTML.
 */
import type { UxtFlow, UxtView } from './flow.ts';
import { pageLanguage, SUS_KEYS, uxtText, type UxtLanguage, type UxtStringKey } from './strings.ts';
import { UXT_CSS } from './styles.ts';
import { adoptStyles, h, type Child } from '../shadow-dom.ts';

export const OVERLAY_HOST_ID = 'tessera-uxt';
const KEY_STEP = 16;

export interface Overlay {
  /** Removes the overlay from the page. */
  destroy(): void;
}

/** Mounts the overlay for `flow` on `document.body`; it removes itself when the flow closes. */
export function mountOverlay(flow: UxtFlow, onClosed?: () => void): Overlay {
  document.getElementById(OVERLAY_HOST_ID)?.remove();
  const host = h('div', { id: OVERLAY_HOST_ID, 'data-private': true });
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, UXT_CSS);
  const container = h('div');
  root.append(container);
  document.body.append(host);

  let language: UxtLanguage = pageLanguage(document.documentElement.lang);
  let draft = '';
  let draftTask = -1;
  const sus: (number | null)[] = Array.from({ length: 10 }, () => null);
  let susError = false;
  let position: { x: number; y: number } | null = null;
  let lastFocusTarget = '';
  let destroyed = false;
  const t = (key: UxtStringKey, values?: Record<string, string | number>) => uxtText(language, key, values);

  const syncTheme = () => {
    const theme = document.documentElement.dataset['theme'];
    if (theme === 'dark' || theme === 'light') {
      host.dataset['theme'] = theme;
    } else {
      delete host.dataset['theme'];
    }
  };
  syncTheme();
  const observer = new MutationObserver(() => {
    syncTheme();
    const next = pageLanguage(document.documentElement.lang);
    if (next !== language) {
      language = next;
      render(flow.view);
    }
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang', 'data-theme'] });

  /** Where focus goes after a change (a key per view), so that a keyboard or screen-reader user follows. */
  const focusTarget = (view: UxtView): string => {
    switch (view.phase) {
      case 'greeting':
        return 'read';
      case 'guidelines':
        return 'begin';
      case 'tasks':
        return view.collapsed ? 'expand' : `task-${view.taskIndex}`;
      case 'sus':
        return view.collapsed ? 'expand' : 'sus-title';
      case 'end':
        return 'end-title';
      case 'unavailable':
        return 'close';
      default:
        return '';
    }
  };

  const button = (
    key: string,
    label: string,
    onClick: () => void,
    attributes: Record<string, string | boolean | undefined> = {},
    ...children: Child[]
  ) => {
    const element = h('button', { type: 'button', 'data-key': key, ...attributes }, ...children, label);
    element.addEventListener('click', onClick);
    return element;
  };

  const applyPosition = (widget: HTMLElement) => {
    if (!position) {
      return;
    }
    const rect = widget.getBoundingClientRect();
    const narrow = window.innerWidth <= 480;
    const maxX = Math.max(0, window.innerWidth - rect.width);
    const maxY = Math.max(0, window.innerHeight - Math.min(rect.height, 48));
    position = { x: Math.min(Math.max(0, position.x), maxX), y: Math.min(Math.max(0, position.y), maxY) };
    if (!narrow) {
      widget.style.left = `${position.x}px`;
      widget.style.right = 'auto';
    }
    widget.style.top = `${position.y}px`;
  };

  const makeDraggable = (widget: HTMLElement, bar: HTMLElement, handle: HTMLButtonElement) => {
    bar.addEventListener('pointerdown', (event) => {
      if (event.button !== 0 || (event.target as Element).closest('button:not([data-key="move"])')) {
        return;
      }
      const rect = widget.getBoundingClientRect();
      const offset = { x: event.clientX - rect.left, y: event.clientY - rect.top };
      bar.setPointerCapture(event.pointerId);
      const move = (moveEvent: PointerEvent) => {
        position = { x: moveEvent.clientX - offset.x, y: moveEvent.clientY - offset.y };
        applyPosition(widget);
      };
      const up = () => {
        bar.removeEventListener('pointermove', move);
        bar.removeEventListener('pointerup', up);
        bar.removeEventListener('pointercancel', up);
      };
      bar.addEventListener('pointermove', move);
      bar.addEventListener('pointerup', up);
      bar.addEventListener('pointercancel', up);
    });
    handle.addEventListener('keydown', (event) => {
      const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-step, 0],
        ArrowRight: [step, 0],
        ArrowUp: [0, -step],
        ArrowDown: [0, step],
      };
      const delta = moves[event.key];
      if (!delta) {
        return;
      }
      event.preventDefault();
      const rect = widget.getBoundingClientRect();
      position = { x: rect.left + delta[0], y: rect.top + delta[1] };
      applyPosition(widget);
    });
  };

  const statusLines = (view: UxtView): Child[] => {
    const test = view.test;
    const lines: Child[] = [];
    if (view.recording === 'recording' && test) {
      const key: UxtStringKey =
        test.reqCamera && test.reqMic
          ? 'recording'
          : test.reqCamera
            ? 'recordingCamera'
            : 'recordingMicrophone';
      lines.push(h('p', { class: 'status rec', role: 'status' }, t(key)));
    }
    if (view.recording === 'denied' || view.recording === 'unsupported') {
      lines.push(h('p', { class: 'status warn', role: 'status' }, t('mediaDenied')));
    }
    if (view.signalFailed) {
      lines.push(h('p', { class: 'status warn', role: 'status' }, t('signalFailed')));
    }
    return lines;
  };

  const guidelinesSection = (view: UxtView) => {
    const test = view.test!;
    const open = view.guidelinesOpen;
    return h(
      'div',
      { class: 'section' },
      h(
        'h3',
        {},
        button('toggle-guidelines', t('guidelinesSection'), () => flow.toggleGuidelines(), {
          'aria-expanded': String(open),
          'aria-controls': 'uxt-guidelines',
        }),
      ),
      h(
        'div',
        { class: 'panel', id: 'uxt-guidelines', hidden: !open },
        test.description && h('p', { class: 'pre' }, test.description),
        test.guidelines && h('p', { class: 'pre' }, test.guidelines),
        view.phase === 'guidelines' &&
          h(
            'div',
            { class: 'actions' },
            button('begin', t('beginTest'), () => void flow.begin(), { class: 'primary' }),
          ),
      ),
    );
  };

  const steps = (view: UxtView) => {
    const tasks = view.test!.tasks;
    const running = view.phase === 'tasks';
    return h(
      'ol',
      { class: 'steps', 'aria-label': t('stepsLabel') },
      ...tasks.map((_, index) => {
        const done = view.phase === 'sus' || view.phase === 'end' || (running && index < view.taskIndex);
        const current = running && index === view.taskIndex;
        const state = done ? 'stepDone' : current ? 'stepCurrent' : 'stepTodo';
        return h(
          'li',
          {
            class: done ? 'done' : current ? 'current' : undefined,
            'aria-current': current ? 'step' : undefined,
          },
          h('span', { 'aria-hidden': 'true' }, String(index + 1)),
          h('span', { class: 'sr' }, t(state, { n: index + 1 })),
        );
      }),
    );
  };

  const tasksSection = (view: UxtView) => {
    const test = view.test!;
    const open = view.tasksOpen;
    const index = view.taskIndex;
    const task = view.phase === 'tasks' ? test.tasks[index] : undefined;
    if (task && draftTask !== index) {
      draftTask = index;
      draft = '';
    }
    let card: HTMLElement | null = null;
    if (task) {
      const title = h('h4', { tabindex: '-1', 'data-key': `task-${index}` }, task.title);
      const answer = task.allow_typing
        ? (() => {
            const area = h('textarea', { id: 'uxt-answer', 'data-key': 'answer', maxlength: '2000' });
            area.value = draft;
            area.addEventListener('input', () => {
              draft = area.value;
            });
            return [h('label', { for: 'uxt-answer' }, t('yourAnswer')), area];
          })()
        : [];
      card = h(
        'div',
        { class: 'card' },
        h('p', { class: 'eyebrow' }, t('taskOf', { n: index + 1, total: test.tasks.length })),
        title,
        task.description && h('p', { class: 'pre' }, task.description),
        ...answer,
      );
    }
    return h(
      'div',
      { class: 'section' },
      h(
        'h3',
        {},
        button('toggle-tasks', t('tasksSection'), () => flow.toggleTasks(), {
          'aria-expanded': String(open),
          'aria-controls': 'uxt-tasks',
        }),
      ),
      h(
        'div',
        { class: 'panel', id: 'uxt-tasks', hidden: !open },
        steps(view),
        card,
        task &&
          h(
            'div',
            { class: 'actions' },
            button('collapse', t('collapsePanel'), () => flow.toggleCollapsed(), {
              'aria-expanded': 'true',
              'aria-controls': 'uxt-body',
            }),
            button(
              'next',
              t('doneNext'),
              () => {
                const answer = task.allow_typing ? draft : undefined;
                void flow.next(answer);
              },
              { class: 'primary' },
            ),
          ),
      ),
    );
  };

  const susSection = () => {
    const items = SUS_KEYS.map((key, item) => {
      const name = `uxt-sus-${item}`;
      const scale = h(
        'div',
        { class: 'scale' },
        ...[1, 2, 3, 4, 5].map((value) => {
          const input = h('input', {
            type: 'radio',
            name,
            value: String(value),
            'data-key': `sus-${item}-${value}`,
            checked: sus[item] === value,
          });
          input.addEventListener('change', () => {
            sus[item] = value;
          });
          const ends = value === 1 ? ` (${t('susScale1')})` : value === 5 ? ` (${t('susScale5')})` : '';
          return h(
            'label',
            {},
            input,
            h('span', { 'aria-hidden': 'true' }, String(value)),
            h('span', { class: 'sr' }, `${value}${ends}`),
          );
        }),
      );
      return h(
        'fieldset',
        {},
        h('legend', {}, `${item + 1}. ${t(key)}`),
        scale,
        h(
          'div',
          { class: 'scale-ends', 'aria-hidden': 'true' },
          h('span', {}, t('susScale1')),
          h('span', {}, t('susScale5')),
        ),
      );
    });
    return h(
      'form',
      { class: 'panel', 'aria-labelledby': 'uxt-sus-title', novalidate: true },
      h('h3', { id: 'uxt-sus-title', tabindex: '-1', 'data-key': 'sus-title' }, t('susTitle')),
      h('p', { class: 'muted' }, t('susIntro')),
      ...items,
      susError && h('p', { class: 'status warn', role: 'alert' }, t('susIncomplete')),
      h(
        'div',
        { class: 'actions' },
        button(
          'sus-submit',
          t('susSubmit'),
          () => {
            if (sus.some((answer) => answer === null)) {
              susError = true;
              render(flow.view);
              return;
            }
            susError = false;
            void flow.submitSus(sus as number[]);
          },
          { class: 'primary' },
        ),
      ),
    );
  };

  const endSection = (view: UxtView) => {
    const conclusion = view.test?.conclusion?.trim() ? view.test.conclusion : t('defaultConclusion');
    return h(
      'div',
      { class: 'panel end' },
      h('h3', { tabindex: '-1', 'data-key': 'end-title' }, t('thankYou')),
      h('p', { class: 'pre' }, conclusion),
      view.uploadFailed && h('p', { class: 'status warn', role: 'status' }, t('uploadFailed')),
      h(
        'div',
        { class: 'actions' },
        view.submitting
          ? button(
              'end',
              t('submittingFeedback'),
              () => undefined,
              { class: 'primary', disabled: true, 'aria-busy': 'true' },
              h('span', { class: 'spinner', 'aria-hidden': 'true' }),
            )
          : button('end', t('endSession'), () => flow.endSession(), { class: 'primary' }),
      ),
    );
  };

  const greeting = (view: UxtView) => {
    const test = view.test!;
    const read = button('read', t('readGuidelines'), () => flow.readGuidelines(), { class: 'primary' });
    const dialog = h(
      'div',
      {
        class: 'greeting',
        role: 'dialog',
        'aria-modal': 'true',
        'aria-labelledby': 'uxt-greeting-title',
        'aria-describedby': 'uxt-greeting-intro',
      },
      h('p', { class: 'eyebrow' }, t('overlayLabel')),
      h('h2', { id: 'uxt-greeting-title' }, test.title),
      h('p', { id: 'uxt-greeting-intro' }, t('greetingIntro')),
      (test.reqCamera || test.reqMic) &&
        h(
          'p',
          {},
          t(
            test.reqCamera && test.reqMic
              ? 'greetingCameraMicrophone'
              : test.reqCamera
                ? 'greetingCamera'
                : 'greetingMicrophone',
          ),
        ),
      test.description && h('p', { class: 'pre muted' }, test.description),
      read,
    );
    // The only control of a modal dialog: Tab stays on it.
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Tab') {
        event.preventDefault();
        read.focus();
      }
    });
    return h('div', { class: 'backdrop' }, dialog);
  };

  const widget = (view: UxtView) => {
    const title = view.test?.title ?? t('overlayLabel');
    const handle = h(
      'button',
      { type: 'button', class: 'handle', 'data-key': 'move', 'aria-label': t('movePanel') },
      h('span', { 'aria-hidden': 'true' }, '\u2725'),
    );
    const bar = h(
      'div',
      { class: 'bar' },
      handle,
      h('h2', {}, title),
      view.collapsed &&
        button('expand', t('expandPanel'), () => flow.toggleCollapsed(), {
          'aria-expanded': 'false',
          'aria-controls': 'uxt-body',
        }),
    );
    let content: Child[] = [];
    if (view.phase === 'unavailable') {
      const message =
        view.failure === 'tracker'
          ? 'trackerOff'
          : view.failure === 'network'
            ? 'networkError'
            : 'unavailable';
      content = [
        h('p', { role: 'alert' }, t(message)),
        h(
          'div',
          { class: 'actions' },
          button('close', t('close'), () => flow.endSession(), { class: 'primary' }),
        ),
      ];
    } else if (view.phase === 'guidelines' || view.phase === 'tasks') {
      content = [
        ...statusLines(view),
        guidelinesSection(view),
        tasksSection(view),
        button('abort', t('abortSession'), () => void flow.abort(), { class: 'link' }),
      ];
    } else if (view.phase === 'sus') {
      content = [...statusLines(view), susSection()];
    } else if (view.phase === 'end') {
      content = [endSection(view)];
    }
    const element = h(
      'section',
      {
        class: view.collapsed ? 'widget collapsed' : 'widget',
        role: 'region',
        'aria-label': t('overlayLabel'),
      },
      bar,
      h('div', { class: 'body', id: 'uxt-body', hidden: view.collapsed }, ...content),
    );
    makeDraggable(element, bar, handle);
    return element;
  };

  function render(view: UxtView) {
    if (destroyed) {
      return;
    }
    host.dataset['uxtPhase'] = view.phase;
    host.dataset['uxtRecording'] = view.recording;
    if (view.phase === 'closed') {
      destroy();
      onClosed?.();
      return;
    }
    const focused = root.activeElement?.getAttribute('data-key') ?? null;
    const selection =
      root.activeElement instanceof HTMLTextAreaElement
        ? [root.activeElement.selectionStart, root.activeElement.selectionEnd]
        : null;
    const next: Child =
      view.phase === 'loading' ? null : view.phase === 'greeting' ? greeting(view) : widget(view);
    container.replaceChildren(...(next ? [next] : []));
    const widgetElement = container.querySelector<HTMLElement>('.widget');
    if (widgetElement) {
      applyPosition(widgetElement);
    }
    // Focus: on a change of step, to what changed; otherwise it stays where it was.
    const target = focusTarget(view);
    const key = target !== lastFocusTarget ? target : focused;
    lastFocusTarget = target;
    if (key) {
      const element = root.querySelector<HTMLElement>(`[data-key="${key}"]`);
      element?.focus({ preventScroll: true });
      if (element instanceof HTMLTextAreaElement && selection) {
        element.setSelectionRange(selection[0] ?? null, selection[1] ?? null);
      }
    }
  }

  const unsubscribe = flow.subscribe(render);
  render(flow.view);

  function destroy() {
    if (destroyed) {
      return;
    }
    destroyed = true;
    unsubscribe();
    observer.disconnect();
    host.remove();
  }

  return { destroy };
}
