/**
 * The live-assist overlays of spec section 2 on the customer's page: confirmation popups, the call window (with the
 * remote-control row), the agent's pointer, annotation strokes and the recording border. All live in an open shadow
 * root of `<div id="tessera-assist" data-private data-tessera-assist>`:
 * - the app's CSS does not reach them (constructed stylesheet, `all: initial`), and a strict CSP allows them;
 * - `data-private` keeps them out of the session recording and the live stream (rrweb's blockSelector), and makes
 *   the refusal policy refuse any remote click or input on them (an agent cannot answer its own popup);
 * - texts are set as text, never HTML; popups are dialogs with focus on the confirm button, Tab kept inside,
 *   Escape declines, and focus goes back where it was.
 */
import {
  ANNOTATION_COLOR,
  ANNOTATION_FADE_MS,
  ANNOTATION_WIDTH,
  CALL_DURATION_REFRESH_MS,
  REMOTE_VIDEO_CHECK_MS,
} from './constants.ts';
import { displayName, durationText, pointerName } from './rules.ts';
import { ASSIST_CSS } from './styles.ts';
import { formatText, type AssistTexts } from './texts.ts';
import { adoptStyles, h } from '../shadow-dom.ts';

export const ASSIST_HOST_ID = 'tessera-assist';
const KEY_STEP = 16;

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Small line icons (24x24 paths). */
const ICONS = {
  phone:
    'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z',
  mic: 'M12 2a3 3 0 0 0-3 3v7a3 3 0 0 0 6 0V5a3 3 0 0 0-3-3zM19 10v2a7 7 0 0 1-14 0v-2M12 19v3',
  camera: 'M23 7l-7 5 7 5V7zM1 5h15v14H1z',
  end: 'M4 15c5-4 11-4 16 0l-2 3-3-1v-3c-2-.6-4-.6-6 0v3l-3 1z',
  pointer: 'M4 2l16 9-7 2-3 7z',
} as const;

function icon(name: keyof typeof ICONS, fill = false): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const path = document.createElementNS(SVG_NS, 'path');
  path.setAttribute('d', ICONS[name]);
  path.setAttribute('fill', fill ? 'currentColor' : 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linejoin', 'round');
  path.setAttribute('stroke-linecap', 'round');
  svg.append(path);
  return svg;
}

export interface ConfirmOptions {
  /** Which popup (data-assist-dialog, for tests and styles): 'call', 'control', 'recording'. */
  kind: string;
  title?: string;
  text: string;
  confirmLabel: string;
  declineLabel: string;
  phoneIcon?: boolean;
}

export interface ConfirmHandle {
  /** true: confirmed; false: declined (button or Escape); null: closed by the page (time-out, agent left). */
  readonly result: Promise<boolean | null>;
  close(): void;
}

export interface CallWindowHandlers {
  onAudio(): void;
  onVideo(): void;
  onEndCall(): void;
  onEndControl(): void;
}

export interface CallView {
  agentName: string;
  startedAt: number;
  audioOn: boolean;
  videoOn: boolean;
}

export interface Overlays {
  readonly root: ShadowRoot;
  confirm(options: ConfirmOptions): ConfirmHandle;
  /** Shows or updates the call part of the window (null hides it). */
  setCall(view: CallView | null): void;
  setStreams(remote: MediaStream | null, local: MediaStream | null): void;
  /** Shows the remote-control row with the agent's name (null hides it). */
  setControl(agentName: string | null): void;
  /** Moves the agent's pointer (viewport CSS pixels) and names it; hidePointer() removes it. */
  movePointer(x: number, y: number, agentName: string): void;
  hidePointer(): void;
  annotate(phase: 'start' | 'move' | 'end', x: number, y: number): void;
  setRecording(on: boolean): void;
  notice(text: string): void;
  setTexts(texts: AssistTexts): void;
  destroy(): void;
}

export function mountOverlays(initialTexts: AssistTexts, handlers: CallWindowHandlers): Overlays {
  document.getElementById(ASSIST_HOST_ID)?.remove();
  let texts = initialTexts;
  const host = h('div', { id: ASSIST_HOST_ID, 'data-private': true, 'data-tessera-assist': true });
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root, ASSIST_CSS);
  const dialogs = h('div', { class: 'dialogs' });
  root.append(dialogs);
  document.body.append(host);
  const timers: ReturnType<typeof setInterval>[] = [];

  // --- Confirmation popups -----------------------------------------------------------------------------------
  const confirm = (options: ConfirmOptions): ConfirmHandle => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const titleId = `assist-${options.kind}-title`;
    const textId = `assist-${options.kind}-text`;
    const accept = h(
      'button',
      { type: 'button', class: 'primary', 'data-action': 'confirm' },
      options.phoneIcon ? icon('phone', true) : null,
      options.confirmLabel,
    );
    const decline = h('button', { type: 'button', 'data-action': 'decline' }, options.declineLabel);
    const dialog = h(
      'div',
      {
        class: 'dialog',
        role: 'dialog',
        'aria-modal': 'false',
        'aria-labelledby': options.title ? titleId : textId,
        'aria-describedby': options.title ? textId : undefined,
        'data-assist-dialog': options.kind,
      },
      options.title ? h('h2', { id: titleId }, options.title) : null,
      h('p', { id: textId }, options.text),
      h('div', { class: 'actions' }, decline, accept),
    );
    let settle: (value: boolean | null) => void = () => undefined;
    const result = new Promise<boolean | null>((resolve) => {
      settle = resolve;
    });
    let open = true;
    const close = (value: boolean | null) => {
      if (!open) {
        return;
      }
      open = false;
      dialog.remove();
      if (previous?.isConnected && root.activeElement === null) {
        previous.focus({ preventScroll: true });
      }
      settle(value);
    };
    accept.addEventListener('click', () => close(true));
    decline.addEventListener('click', () => close(false));
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(false);
      } else if (event.key === 'Tab') {
        // Focus stays in the popup: two buttons, in order decline, confirm.
        event.preventDefault();
        (root.activeElement === accept ? decline : accept).focus();
      }
    });
    dialogs.append(dialog);
    accept.focus({ preventScroll: true });
    return { result, close: () => close(null) };
  };

  // --- The call window ---------------------------------------------------------------------------------------
  const name = h('span', { class: 'name' });
  const duration = h('span', { class: 'duration', role: 'timer' });
  const bar = h('div', { class: 'bar', tabindex: '0', role: 'group' }, name, duration);
  const remote = h('video', { class: 'remote', autoplay: true, playsinline: true });
  const local = h('video', { class: 'local', autoplay: true, playsinline: true, muted: true });
  local.muted = true;
  const paused = h('p', { class: 'paused', hidden: true });
  const videos = h('div', { class: 'videos' }, remote, local, paused);
  const audioButton = h('button', { type: 'button', 'data-action': 'audio' }, icon('mic'));
  const videoButton = h('button', { type: 'button', 'data-action': 'video' }, icon('camera'));
  const endButton = h(
    'button',
    { type: 'button', class: 'danger', 'data-action': 'end-call' },
    icon('end', true),
  );
  const buttons = h('div', { class: 'buttons' }, audioButton, videoButton, endButton);
  const callPart = h('div', { class: 'call-part' }, videos, buttons);
  const controlText = h('span');
  const endControl = h('button', { type: 'button', class: 'danger', 'data-action': 'end-control' });
  const controlRow = h('div', { class: 'control', hidden: true }, controlText, endControl);
  const windowEl = h(
    'section',
    { class: 'window', hidden: true, 'data-assist-window': true },
    bar,
    callPart,
    controlRow,
  );
  root.append(windowEl);
  audioButton.addEventListener('click', () => handlers.onAudio());
  videoButton.addEventListener('click', () => handlers.onVideo());
  endButton.addEventListener('click', () => handlers.onEndCall());
  endControl.addEventListener('click', () => handlers.onEndControl());

  let call: CallView | null = null;
  let controlAgent: string | null = null;
  let position: { x: number; y: number } | null = null;

  const clamp = () => {
    if (!position) {
      return;
    }
    const rect = windowEl.getBoundingClientRect();
    position = {
      x: Math.min(Math.max(0, position.x), Math.max(0, window.innerWidth - rect.width)),
      y: Math.min(Math.max(0, position.y), Math.max(0, window.innerHeight - rect.height)),
    };
    windowEl.style.left = `${position.x}px`;
    windowEl.style.top = `${position.y}px`;
    windowEl.style.right = 'auto';
    windowEl.style.bottom = 'auto';
  };
  const moveTo = (x: number, y: number) => {
    position = { x, y };
    clamp();
  };
  let drag: { dx: number; dy: number; id: number } | null = null;
  bar.addEventListener('pointerdown', (event) => {
    const rect = windowEl.getBoundingClientRect();
    drag = { dx: event.clientX - rect.left, dy: event.clientY - rect.top, id: event.pointerId };
    bar.setPointerCapture?.(event.pointerId);
  });
  bar.addEventListener('pointermove', (event) => {
    if (drag && event.pointerId === drag.id) {
      moveTo(event.clientX - drag.dx, event.clientY - drag.dy);
    }
  });
  const endDrag = () => {
    drag = null;
  };
  bar.addEventListener('pointerup', endDrag);
  bar.addEventListener('pointercancel', endDrag);
  bar.addEventListener('keydown', (event) => {
    const step: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const delta = step[event.key];
    if (delta) {
      event.preventDefault();
      const rect = windowEl.getBoundingClientRect();
      moveTo(rect.left + delta[0], rect.top + delta[1]);
    }
  });
  const onResize = () => clamp();
  window.addEventListener('resize', onResize);

  const renderWindow = () => {
    const agent = displayName(call?.agentName ?? controlAgent, texts.agentDefault);
    windowEl.hidden = call === null && controlAgent === null;
    callPart.hidden = call === null;
    duration.hidden = call === null;
    name.textContent = agent;
    bar.setAttribute(
      'aria-label',
      `${formatText(texts.callWindowLabel, { name: agent })}. ${texts.dragHint}`,
    );
    windowEl.setAttribute('aria-label', formatText(texts.callWindowLabel, { name: agent }));
    remote.setAttribute('aria-label', formatText(texts.remoteVideo, { name: agent }));
    local.setAttribute('aria-label', texts.localVideo);
    duration.setAttribute('aria-label', texts.duration);
    paused.textContent = texts.videoPaused;
    const audioOn = call?.audioOn ?? true;
    const videoOn = call?.videoOn ?? false;
    audioButton.setAttribute('aria-label', audioOn ? texts.muteAudio : texts.unmuteAudio);
    audioButton.setAttribute('aria-pressed', String(!audioOn));
    audioButton.title = audioButton.getAttribute('aria-label') ?? '';
    videoButton.setAttribute('aria-label', videoOn ? texts.stopVideo : texts.startVideo);
    videoButton.setAttribute('aria-pressed', String(videoOn));
    videoButton.title = videoButton.getAttribute('aria-label') ?? '';
    endButton.setAttribute('aria-label', texts.endCall);
    endButton.title = texts.endCall;
    controlRow.hidden = controlAgent === null;
    controlText.textContent = formatText(texts.remoteControl, {
      name: displayName(controlAgent, texts.agentDefault),
    });
    endControl.textContent = texts.endControl;
    if (call) {
      duration.textContent = durationText(Date.now() - call.startedAt);
    }
    clamp();
  };

  timers.push(
    setInterval(() => {
      if (call) {
        duration.textContent = durationText(Date.now() - call.startedAt);
      }
    }, CALL_DURATION_REFRESH_MS),
    // The remote video is checked every second: paused (the browser's autoplay policy) shows the placeholder, and
    // the customer's next click anywhere resumes it.
    setInterval(() => {
      const stalled = call !== null && remote.srcObject !== null && remote.paused;
      paused.hidden = !stalled;
    }, REMOTE_VIDEO_CHECK_MS),
  );
  const resume = () => {
    if (!paused.hidden && remote.srcObject) {
      void remote.play().then(
        () => {
          paused.hidden = true;
        },
        () => undefined,
      );
    }
  };
  window.addEventListener('click', resume, true);
  remote.addEventListener('loadedmetadata', () => {
    // 200x200 at first, then sized to its content.
    windowEl.classList.add('sized');
    clamp();
  });

  // --- Pointer, annotations, recording, notices --------------------------------------------------------------
  const pointerLabel = h('span');
  const pointer = h(
    'div',
    { class: 'pointer', hidden: true, 'aria-hidden': 'true' },
    icon('pointer', true),
    pointerLabel,
  );
  const canvas = h('canvas', { class: 'annotations', 'aria-hidden': 'true' });
  const recording = h('div', { class: 'recording', hidden: true }, h('span', { role: 'status' }));
  const notice = h('div', { class: 'notice', role: 'status', hidden: true });
  root.append(canvas, recording, pointer, notice);

  interface Stroke {
    points: { x: number; y: number }[];
    endedAt: number | null;
  }
  let strokes: Stroke[] = [];
  let frame: number | null = null;
  const draw = () => {
    frame = null;
    const ratio = window.devicePixelRatio || 1;
    const width = Math.round(window.innerWidth * ratio);
    const height = Math.round(window.innerHeight * ratio);
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext('2d');
    if (!context) {
      return;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, window.innerWidth, window.innerHeight);
    const now = Date.now();
    strokes = strokes.filter(
      (stroke) => stroke.endedAt === null || now - stroke.endedAt < ANNOTATION_FADE_MS,
    );
    for (const stroke of strokes) {
      context.globalAlpha = stroke.endedAt === null ? 1 : 1 - (now - stroke.endedAt) / ANNOTATION_FADE_MS;
      context.strokeStyle = ANNOTATION_COLOR;
      context.lineWidth = ANNOTATION_WIDTH;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.beginPath();
      stroke.points.forEach((point, index) => {
        if (index === 0) {
          context.moveTo(point.x, point.y);
        } else {
          context.lineTo(point.x, point.y);
        }
      });
      if (stroke.points.length === 1) {
        context.lineTo(stroke.points[0]!.x + 0.1, stroke.points[0]!.y);
      }
      context.stroke();
    }
    canvas.dataset['strokes'] = String(strokes.length);
    if (strokes.length > 0) {
      frame = requestAnimationFrame(draw);
    }
  };
  const schedule = () => {
    frame ??= requestAnimationFrame(draw);
  };

  let noticeTimer: ReturnType<typeof setTimeout> | null = null;

  const overlays: Overlays = {
    root,
    confirm,
    setCall(view) {
      call = view;
      if (!view) {
        windowEl.classList.remove('sized');
      }
      renderWindow();
    },
    setStreams(remoteStream, localStream) {
      if (remote.srcObject !== remoteStream) {
        remote.srcObject = remoteStream;
        if (remoteStream) {
          void remote.play().catch(() => {
            paused.hidden = false;
          });
        }
      }
      if (local.srcObject !== localStream) {
        local.srcObject = localStream;
      }
    },
    setControl(agentName) {
      controlAgent = agentName === null ? null : displayName(agentName, texts.agentDefault);
      renderWindow();
    },
    movePointer(x, y, agentName) {
      pointerLabel.textContent = pointerName(agentName, texts.agentDefault);
      pointer.hidden = false;
      pointer.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
    },
    hidePointer() {
      pointer.hidden = true;
    },
    annotate(phase, x, y) {
      const current = strokes.at(-1);
      if (phase === 'start' || !current || current.endedAt !== null) {
        strokes.push({ points: [{ x, y }], endedAt: phase === 'end' ? Date.now() : null });
      } else {
        current.points.push({ x, y });
        if (phase === 'end') {
          current.endedAt = Date.now();
        }
      }
      schedule();
    },
    setRecording(on) {
      recording.hidden = !on;
      recording.firstElementChild!.textContent = texts.recording;
    },
    notice(text) {
      notice.textContent = text;
      notice.hidden = false;
      if (noticeTimer !== null) {
        clearTimeout(noticeTimer);
      }
      noticeTimer = setTimeout(() => {
        notice.hidden = true;
      }, ANNOTATION_FADE_MS);
    },
    setTexts(next) {
      texts = next;
      renderWindow();
      recording.firstElementChild!.textContent = texts.recording;
    },
    destroy() {
      for (const timer of timers) {
        clearInterval(timer);
      }
      if (frame !== null) {
        cancelAnimationFrame(frame);
      }
      if (noticeTimer !== null) {
        clearTimeout(noticeTimer);
      }
      window.removeEventListener('resize', onResize);
      window.removeEventListener('click', resume, true);
      remote.srcObject = null;
      local.srcObject = null;
      host.remove();
    },
  };
  renderWindow();
  return overlays;
}
