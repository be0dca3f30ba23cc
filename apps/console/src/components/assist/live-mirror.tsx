import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import { ASSIST_OVERLAY, type RrwebEvent } from '@tessera/contracts';
import { styleNonce } from '@tessera/ui/style-nonce';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useRef,
  useState,
  type WheelEvent,
} from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { withStyleNonce } from '../replay/replay-events.ts';
import '../replay/replay.css';
import { fitScale, isControlKey, type Size, toViewport, type ViewportPoint } from './assist-math.ts';
import type { LiveAssist } from './live-assist.ts';

/** What the layer over the mirror does with the agent's pointer and keys. */
export type MirrorMode = 'watch' | 'control' | 'annotate';

/** Pointer moves sent while in control or annotating: at most one per this many ms. */
const MOVE_INTERVAL_MS = 50;
/** The mirror never takes more than this share of the window's height. */
const MAX_HEIGHT_SHARE = 0.7;

export interface MirrorActions {
  control: (
    kind: 'click' | 'move' | 'scroll' | 'key' | 'input',
    fields: { x?: number; y?: number; key?: string; value?: string },
  ) => void;
  annotate: (phase: 'start' | 'move' | 'end', point: ViewportPoint) => void;
}

/**
 * The customer's page, live (issue #18): rrweb's Replayer in live mode (`liveMode: true`, `startLive`, `addEvent`
 * per event), rebuilt whenever the tab sends a new meta event (a new page, or the full snapshot it takes when an
 * agent joins). The page is drawn in the replay player's sandboxed frame (no scripts), scaled to the panel. With
 * control granted, a focusable layer over it turns the agent's clicks, wheel and keys into the customer's viewport
 * coordinates; in annotate mode, pointer drags become annotation strokes.
 */
export function LiveMirror({
  assist,
  mode,
  actions,
  frameRef,
  hasPage,
}: {
  assist: LiveAssist;
  /** Whether the followed tab has sent its page yet (else the stage says it waits). */
  hasPage: boolean;
  mode: MirrorMode;
  actions: MirrorActions;
  /** The element that holds the mirror (the recorder may capture it). */
  frameRef?: RefObject<HTMLDivElement | null>;
}) {
  const { t } = useTranslation('assist');
  const stageRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState<Size>({ width: 1280, height: 720 });
  const [scale, setScale] = useState(0.5);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) {
      return undefined;
    }
    let replayer: Replayer | null = null;
    const start = (events: RrwebEvent[]) => {
      replayer?.destroy();
      root.replaceChildren();
      replayer = new Replayer([], {
        root,
        liveMode: true,
        mouseTail: false,
        showWarning: false,
        triggerFocus: false,
        UNSAFE_replayCanvas: false,
      });
      replayer.on('resize', (dimension) => {
        const { width, height } = dimension as Size;
        if (width > 0 && height > 0) {
          setViewport({ width, height });
        }
      });
      // The newest event as the baseline: everything already received is applied at once, what follows as it comes.
      replayer.startLive((events.at(-1)?.timestamp ?? Date.now()) - 1);
      const iframe = root.querySelector('iframe');
      iframe?.setAttribute('title', t('live.frame'));
      iframe?.setAttribute('tabindex', '-1');
    };
    const add = (events: RrwebEvent[], fresh: boolean) => {
      if (events.length === 0) {
        return;
      }
      if (fresh || !replayer) {
        start(events);
      }
      for (const event of withStyleNonce(events, styleNonce())) {
        replayer?.addEvent(event as never);
      }
    };
    add(assist.bufferedEvents(), true);
    const unsubscribe = assist.onEvents(add);
    return () => {
      unsubscribe();
      replayer?.destroy();
      root.replaceChildren();
    };
  }, [assist, t]);

  // The page scaled to the panel's width and at most 70% of the window's height (never enlarged).
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) {
      return undefined;
    }
    const fit = () =>
      setScale(
        fitScale({ width: stage.clientWidth, height: window.innerHeight * MAX_HEIGHT_SHARE }, viewport, 0.05),
      );
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [viewport]);

  const framed = {
    width: `${viewport.width}px`,
    height: `${viewport.height}px`,
    transform: `scale(${scale})`,
  };
  return (
    <div
      ref={stageRef}
      className="replay-stage assist-stage"
      role="group"
      aria-label={t('live.mirror')}
      style={{ height: `${Math.ceil(viewport.height * scale)}px` }}
    >
      {hasPage ? null : <p className="assist-stage__empty">{t('live.waiting')}</p>}
      <div ref={frameRef} className="assist-frame-holder">
        <div ref={rootRef} className="replay-frame" style={framed} />
      </div>
      {mode === 'watch' ? null : (
        <ControlLayer
          mode={mode}
          actions={actions}
          viewport={viewport}
          scale={scale}
          label={mode === 'control' ? t('control.layer') : t('annotate.layer')}
          width={Math.ceil(viewport.width * scale)}
          height={Math.ceil(viewport.height * scale)}
        />
      )}
    </div>
  );
}

function ControlLayer({
  mode,
  actions,
  viewport,
  scale,
  label,
  width,
  height,
}: {
  mode: 'control' | 'annotate';
  actions: MirrorActions;
  viewport: Size;
  scale: number;
  label: string;
  width: number;
  height: number;
}) {
  const layerRef = useRef<HTMLDivElement>(null);
  const lastMove = useRef(0);
  const drawing = useRef(false);
  // The agent's own strokes, drawn over the mirror as the customer sees them (red, width 8, gone after 4 s): the
  // customer's annotation layer is not part of the mirrored page.
  const [strokes, setStrokes] = useState<{ id: number; points: ViewportPoint[] }[]>([]);
  const strokeId = useRef(0);
  const addPoint = (at: ViewportPoint) =>
    setStrokes((all) =>
      all.map((stroke) =>
        stroke.id === strokeId.current ? { ...stroke, points: [...stroke.points, at] } : stroke,
      ),
    );

  useEffect(() => {
    layerRef.current?.focus();
  }, [mode]);

  const point = (clientX: number, clientY: number): ViewportPoint | null => {
    const rect = layerRef.current?.getBoundingClientRect();
    return rect ? toViewport(clientX, clientY, { left: rect.left, top: rect.top, scale, viewport }) : null;
  };
  const throttled = () => {
    const now = performance.now();
    if (now - lastMove.current < MOVE_INTERVAL_MS) {
      return false;
    }
    lastMove.current = now;
    return true;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    layerRef.current?.focus();
    if (mode !== 'annotate') {
      return;
    }
    const at = point(event.clientX, event.clientY);
    if (at) {
      drawing.current = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
      strokeId.current += 1;
      const id = strokeId.current;
      setStrokes((all) => [...all, { id, points: [at] }]);
      window.setTimeout(
        () => setStrokes((all) => all.filter((stroke) => stroke.id !== id)),
        ASSIST_OVERLAY.annotation.fadeMs,
      );
      actions.annotate('start', at);
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (mode === 'annotate' && !drawing.current) {
      return;
    }
    if (!throttled()) {
      return;
    }
    const at = point(event.clientX, event.clientY);
    if (!at) {
      return;
    }
    if (mode === 'annotate') {
      addPoint(at);
      actions.annotate('move', at);
    } else {
      actions.control('move', at);
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (mode !== 'annotate' || !drawing.current) {
      return;
    }
    drawing.current = false;
    const rect = layerRef.current?.getBoundingClientRect();
    // The stroke ends where the pointer left it, kept inside the viewport.
    const x = rect ? Math.round((event.clientX - rect.left) / scale) : 0;
    const y = rect ? Math.round((event.clientY - rect.top) / scale) : 0;
    actions.annotate('end', {
      x: Math.min(Math.max(0, x), viewport.width - 1),
      y: Math.min(Math.max(0, y), viewport.height - 1),
    });
  };
  const onClick = (event: React.MouseEvent<HTMLDivElement>) => {
    if (mode !== 'control') {
      return;
    }
    const at = point(event.clientX, event.clientY);
    if (at) {
      actions.control('click', at);
    }
  };
  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    if (mode !== 'control') {
      return;
    }
    actions.control('scroll', { x: Math.round(event.deltaX), y: Math.round(event.deltaY) });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (mode !== 'control' || !isControlKey(event.key, event)) {
      return;
    }
    event.preventDefault();
    actions.control('key', { key: event.key });
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (mode !== 'control') {
      return;
    }
    const value = event.clipboardData.getData('text/plain').slice(0, 10_000);
    if (value) {
      event.preventDefault();
      actions.control('input', { value });
    }
  };
  return (
    <div
      ref={layerRef}
      className={`assist-layer assist-layer--${mode}`}
      role="application"
      aria-label={label}
      tabIndex={0}
      style={{ width: `${width}px`, height: `${height}px` }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClick={onClick}
      onWheel={onWheel}
      onKeyDown={onKeyDown}
      onPaste={onPaste}
    >
      {strokes.length > 0 ? (
        <svg
          className="assist-strokes"
          viewBox={`0 0 ${viewport.width} ${viewport.height}`}
          width={width}
          height={height}
          aria-hidden="true"
        >
          {strokes.map((stroke) => (
            <polyline
              key={stroke.id}
              className="assist-stroke"
              points={stroke.points.map((point) => `${point.x},${point.y}`).join(' ')}
              fill="none"
              stroke={ASSIST_OVERLAY.annotation.color}
              strokeWidth={ASSIST_OVERLAY.annotation.width}
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}
