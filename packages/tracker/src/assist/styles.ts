/** The live-assist overlays' stylesheet (adopted in their shadow root: the app's CSS does not reach them). */
import {
  ANNOTATION_WIDTH,
  CALL_WINDOW_BOTTOM_PX,
  CALL_WINDOW_RIGHT_PX,
  CALL_WINDOW_START_SIZE_PX,
  CONFIRM_Z_INDEX,
  POINTER_Z_INDEX,
} from './constants.ts';

export const ASSIST_CSS = `
:host { all: initial; display: contents; }
* { box-sizing: border-box; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
[hidden] { display: none !important; }
button {
  font: inherit; font-size: 14px; line-height: 1.2; min-height: 40px; padding: 8px 14px; border-radius: 8px;
  border: 1px solid #6b7280; background: #ffffff; color: #111827; cursor: pointer;
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
}
button:focus-visible, [tabindex]:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
button.primary { background: #166534; border-color: #166534; color: #ffffff; }
button.danger { background: #b91c1c; border-color: #b91c1c; color: #ffffff; }
button svg { width: 18px; height: 18px; flex: none; }
.dialogs {
  position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: ${CONFIRM_Z_INDEX};
  display: flex; flex-direction: column; gap: 12px; width: min(380px, calc(100vw - 24px)); pointer-events: none;
}
.dialog {
  pointer-events: auto; background: #ffffff; color: #111827; border: 1px solid #d1d5db; border-radius: 12px;
  box-shadow: 0 10px 30px rgba(0,0,0,0.25); padding: 16px;
}
.dialog h2 { margin: 0 0 6px; font-size: 16px; font-weight: 650; }
.dialog p { margin: 0 0 14px; font-size: 15px; line-height: 1.4; }
.dialog .actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; }
.window {
  position: fixed; bottom: ${CALL_WINDOW_BOTTOM_PX}px; right: ${CALL_WINDOW_RIGHT_PX}px;
  width: ${CALL_WINDOW_START_SIZE_PX}px; height: ${CALL_WINDOW_START_SIZE_PX}px; max-width: calc(100vw - 8px);
  z-index: ${CONFIRM_Z_INDEX - 1}; pointer-events: auto; background: #111827; color: #f9fafb;
  border-radius: 12px; box-shadow: 0 10px 30px rgba(0,0,0,0.35); overflow: hidden; display: flex; flex-direction: column;
}
.window.sized { width: min(280px, calc(100vw - ${2 * CALL_WINDOW_RIGHT_PX}px)); height: auto; }
.bar {
  display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 10px;
  cursor: move; touch-action: none; user-select: none; font-size: 13px; background: #1f2937;
}
.bar .name { font-weight: 650; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.bar .duration { font-variant-numeric: tabular-nums; white-space: nowrap; }
.videos { position: relative; background: #000000; }
.videos .remote { display: block; width: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: #000000; }
.videos .local {
  position: absolute; right: 6px; bottom: 6px; width: 64px; aspect-ratio: 4 / 3; object-fit: cover;
  border: 1px solid #9ca3af; border-radius: 4px; background: #374151;
}
.paused {
  position: absolute; inset: 0; margin: 0; display: flex; align-items: center; justify-content: center;
  text-align: center; padding: 12px; font-size: 13px; background: rgba(17,24,39,0.85); color: #f9fafb;
}
.buttons { display: flex; gap: 6px; padding: 8px; justify-content: center; }
.buttons button { min-width: 40px; padding: 8px; background: #374151; color: #f9fafb; border-color: #4b5563; }
.buttons button[aria-pressed='true'] { background: #f9fafb; color: #111827; }
.buttons button.danger { background: #b91c1c; border-color: #b91c1c; }
.control { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; padding: 8px 10px; border-top: 1px solid #374151; font-size: 13px; }
.control button { min-height: 36px; padding: 6px 10px; }
.pointer {
  position: fixed; left: 0; top: 0; z-index: ${POINTER_Z_INDEX}; pointer-events: none; display: flex; align-items: flex-start;
  will-change: transform;
}
.pointer svg { width: 20px; height: 20px; filter: drop-shadow(0 1px 1px rgba(0,0,0,0.5)); }
.pointer span {
  margin: 14px 0 0 -4px; padding: 2px 6px; border-radius: 6px; background: #b91c1c; color: #ffffff; font-size: 12px; white-space: nowrap;
}
.annotations { position: fixed; inset: 0; width: 100vw; height: 100vh; z-index: ${POINTER_Z_INDEX - 1}; pointer-events: none; }
.recording { position: fixed; inset: 0; border: 2px dashed red; z-index: ${POINTER_Z_INDEX - 1}; pointer-events: none; }
.recording span {
  position: absolute; top: 4px; left: 50%; transform: translateX(-50%); padding: 2px 8px; border-radius: 6px;
  background: #b91c1c; color: #ffffff; font-size: 12px; white-space: nowrap;
}
.notice {
  position: fixed; left: 50%; bottom: 16px; transform: translateX(-50%); z-index: ${CONFIRM_Z_INDEX};
  max-width: calc(100vw - 24px); padding: 10px 14px; border-radius: 8px; background: #111827; color: #f9fafb;
  font-size: 14px; pointer-events: none;
}
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { .dialog { animation: appear 120ms ease-out; } }
@keyframes appear { from { opacity: 0; transform: translateY(-6px); } to { opacity: 1; transform: none; } }
/* Annotation strokes are drawn ${ANNOTATION_WIDTH} px wide on the canvas. */
`;
