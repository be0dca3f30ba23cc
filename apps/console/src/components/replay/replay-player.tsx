import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import type { RrwebEvent } from '@tessera/contracts';
import { Alert, Badge, Button, SegmentedControl, Switch, Tabs } from '@tessera/ui';
import { styleNonce } from '@tessera/ui/style-nonce';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import {
  clock,
  networkFailed,
  pathOf,
  type ReplayEntry,
  type ReplayTimeline,
  timelineOf,
  withStyleNonce,
} from './replay-events.ts';

const SPEEDS = ['1', '2', '4', '8'] as const;
type Speed = (typeof SPEEDS)[number];

/** Elements that handle Space themselves: the player's shortcut leaves them alone. */
const OWN_SPACE =
  'button, input, select, textarea, a, [role="tab"], [role="radio"], [role="switch"], [role="slider"]';

/**
 * The session player (issue #17): rrweb's Replayer rebuilds the recorded page in a sandboxed iframe without
 * scripts (sandbox="allow-same-origin", rrweb's default), from the recorded events only: it never loads the live
 * page, and masked text stays as it was recorded (asterisks). Controls: play/pause (Space), a scrubber with the
 * session's pages and errors marked, skip inactivity (on by default), speeds 1x to 8x, the position and the length;
 * panes for the console, network and errors (the 'tessera.*' custom events; an entry seeks to its moment) and the
 * page list.
 */
export function ReplayPlayer({ events, label }: { events: readonly RrwebEvent[]; label: string }) {
  const { t } = useTranslation('replay');
  const timeline = useMemo(() => timelineOf(events), [events]);
  const stageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const replayerRef = useRef<Replayer | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<Speed>('1');
  const [skipInactive, setSkipInactive] = useState(true);
  const [size, setSize] = useState({ width: 1024, height: 768 });
  const [scale, setScale] = useState(1);
  const [broken, setBroken] = useState(false);
  // rrweb rebuilds from a full snapshot (type 2) after a meta event (type 4); without them there is no page to show.
  const replayable = useMemo(
    () => events.some((event) => event.type === 2) && events.some((event) => event.type === 4),
    [events],
  );
  const total = timeline.totalMs;

  // One Replayer per recording; the settings below are applied to it as they change.
  useEffect(() => {
    const root = frameRef.current;
    if (!root || !replayable) {
      return undefined;
    }
    let replayer: Replayer;
    try {
      replayer = new Replayer(withStyleNonce(events, styleNonce()) as never, {
        root,
        skipInactive: true,
        mouseTail: false,
        showWarning: false,
        triggerFocus: false,
        UNSAFE_replayCanvas: false,
      });
      replayer.pause(0);
    } catch {
      // A recording rrweb cannot rebuild (no full snapshot kept, for one): the panes still show what was recorded.
      root.replaceChildren();
      queueMicrotask(() => setBroken(true));
      return undefined;
    }
    replayerRef.current = replayer;
    replayer.on('resize', (dimension) => {
      const { width, height } = dimension as { width: number; height: number };
      if (width > 0 && height > 0) {
        setSize({ width, height });
      }
    });
    replayer.on('finish', () => {
      setPlaying(false);
      setPosition(total);
    });
    const iframe = root.querySelector('iframe');
    iframe?.setAttribute('title', label);
    iframe?.setAttribute('tabindex', '-1');
    return () => {
      replayerRef.current = null;
      replayer.destroy();
      root.replaceChildren();
    };
  }, [events, label, total, replayable]);

  useEffect(() => {
    replayerRef.current?.setConfig({ speed: Number(speed), skipInactive });
  }, [speed, skipInactive]);

  // The position while playing, a few times a second.
  useEffect(() => {
    if (!playing) {
      return undefined;
    }
    const timer = window.setInterval(() => {
      const replayer = replayerRef.current;
      if (replayer) {
        setPosition(Math.min(total, Math.max(0, replayer.getCurrentTime())));
      }
    }, 200);
    return () => window.clearInterval(timer);
  }, [playing, total]);

  // The recorded page scaled to the width available (never enlarged).
  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) {
      return undefined;
    }
    const fit = () => setScale(Math.min(1, stage.clientWidth / size.width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(stage);
    return () => observer.disconnect();
  }, [size.width]);

  const seek = useCallback(
    (at: number, keepPlaying = playing) => {
      const replayer = replayerRef.current;
      const offset = Math.min(Math.max(0, at), total);
      setPosition(offset);
      if (!replayer) {
        return;
      }
      if (keepPlaying) {
        replayer.play(offset);
      } else {
        replayer.pause(offset);
      }
    },
    [playing, total],
  );

  const toggle = useCallback(() => {
    const replayer = replayerRef.current;
    if (!replayer) {
      return;
    }
    if (playing) {
      replayer.pause();
      setPosition(replayer.getCurrentTime());
      setPlaying(false);
    } else {
      replayer.play(position >= total ? 0 : replayer.getCurrentTime());
      setPlaying(true);
    }
  }, [playing, position, total]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ' || (event.target as HTMLElement).closest(OWN_SPACE)) {
      return;
    }
    event.preventDefault();
    toggle();
  };

  if (events.length < 2) {
    return <p className="support-muted">{t('player.nothing')}</p>;
  }
  if (broken || !replayable) {
    return (
      <section className="replay-player" aria-label={t('player.label')}>
        <Alert tone="warning">{t('player.broken')}</Alert>
        <ReplayPanes timeline={timeline} onSeek={() => undefined} />
      </section>
    );
  }
  const framed = { width: `${size.width}px`, height: `${size.height}px`, transform: `scale(${scale})` };
  return (
    <section className="replay-player" aria-label={t('player.label')} onKeyDown={onKeyDown}>
      <div
        ref={stageRef}
        className="replay-stage"
        role="group"
        aria-roledescription={t('player.stageRole')}
        aria-label={t('player.stage', { label })}
        tabIndex={0}
        style={{ height: `${Math.ceil(size.height * scale)}px` }}
      >
        <div ref={frameRef} className="replay-frame" style={framed} />
      </div>
      <div className="replay-controls">
        <Button onClick={toggle} size="sm" aria-keyshortcuts="Space">
          {playing ? t('player.pause') : t('player.play')}
        </Button>
        <span className="replay-clock" aria-live="off">
          <span className="console-sr-only">{t('player.positionLabel')} </span>
          {t('player.clock', { position: clock(position), total: clock(total) })}
        </span>
        <SegmentedControl
          label={t('player.speed')}
          size="sm"
          value={speed}
          options={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
          onValueChange={(value) => setSpeed(value)}
        />
        <Switch label={t('player.skipInactive')} checked={skipInactive} onCheckedChange={setSkipInactive} />
      </div>
      <Scrubber timeline={timeline} position={position} onSeek={(at) => seek(at)} />
      <ReplayPanes timeline={timeline} onSeek={(at) => seek(at)} />
    </section>
  );
}

function Scrubber({
  timeline,
  position,
  onSeek,
}: {
  timeline: ReplayTimeline;
  position: number;
  onSeek: (at: number) => void;
}) {
  const { t } = useTranslation('replay');
  const total = Math.max(1, timeline.totalMs);
  const marks = [...timeline.pages, ...timeline.errors].sort((a, b) => a.at - b.at);
  return (
    <div className="replay-scrubber">
      <input
        type="range"
        className="replay-scrubber__range"
        min={0}
        max={timeline.totalMs}
        step={1000}
        value={Math.round(position)}
        aria-label={t('player.timeline')}
        aria-valuetext={t('player.clock', { position: clock(position), total: clock(timeline.totalMs) })}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
      />
      <ul className="replay-marks" aria-label={t('player.marks')}>
        {marks.map((mark, index) => (
          <li key={`${mark.kind}-${mark.at}-${index}`} style={{ left: `${(mark.at / total) * 100}%` }}>
            <button
              type="button"
              className={`replay-mark replay-mark--${mark.kind}`}
              aria-label={markLabel(t, mark)}
              title={markLabel(t, mark)}
              onClick={() => onSeek(mark.at)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function markLabel(t: Translate, mark: ReplayEntry): string {
  const at = clock(mark.at);
  if (mark.kind === 'page') {
    return t('player.pageMark', { at, page: pathOf(mark.payload.href) });
  }
  if (mark.kind === 'error') {
    return t('player.errorMark', { at, message: mark.payload.message.slice(0, 120) });
  }
  return at;
}

function ReplayPanes({ timeline, onSeek }: { timeline: ReplayTimeline; onSeek: (at: number) => void }) {
  const { t } = useTranslation('replay');
  const tab = (
    value: string,
    label: string,
    entries: readonly ReplayEntry[],
    tone: 'neutral' | 'danger',
  ) => ({
    value,
    label: (
      <span className="replay-tab">
        {label}
        <Badge size="sm" tone={entries.length > 0 ? tone : 'neutral'}>
          {entries.length}
        </Badge>
      </span>
    ),
    content: <EntryList entries={entries} onSeek={onSeek} empty={t(`panes.${value}Empty`)} />,
  });
  return (
    <Tabs
      label={t('panes.label')}
      className="replay-panes"
      items={[
        tab('console', t('panes.console'), timeline.console, 'neutral'),
        tab('network', t('panes.network'), timeline.network, 'neutral'),
        tab('errors', t('panes.errors'), timeline.errors, 'danger'),
        tab('pages', t('panes.pages'), timeline.pages, 'neutral'),
      ]}
    />
  );
}

function EntryList({
  entries,
  onSeek,
  empty,
}: {
  entries: readonly ReplayEntry[];
  onSeek: (at: number) => void;
  empty: string;
}) {
  const { t } = useTranslation('replay');
  if (entries.length === 0) {
    return <p className="support-muted">{empty}</p>;
  }
  return (
    <ol className="replay-entries">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <button
            type="button"
            className={`replay-entry replay-entry--${tone(entry)}`}
            onClick={() => onSeek(entry.at)}
            aria-label={t('panes.seek', { at: clock(entry.at), what: summary(t, entry) })}
          >
            <span className="replay-entry__at">{clock(entry.at)}</span>
            <span className="replay-entry__what">{describe(t, entry)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function tone(entry: ReplayEntry): 'danger' | 'warning' | 'plain' {
  if (entry.kind === 'error' || (entry.kind === 'network' && networkFailed(entry.payload))) {
    return 'danger';
  }
  if (entry.kind === 'console') {
    return entry.payload.level === 'error' ? 'danger' : entry.payload.level === 'warn' ? 'warning' : 'plain';
  }
  return 'plain';
}

function summary(t: Translate, entry: ReplayEntry): string {
  switch (entry.kind) {
    case 'page':
      return `${entry.payload.title} ${pathOf(entry.payload.href)}`.trim();
    case 'console':
      return `${t(`levels.${entry.payload.level}`)}: ${entry.payload.message.slice(0, 200)}`;
    case 'network':
      return `${entry.payload.method} ${entry.payload.url} ${entry.payload.status || t('panes.noStatus')}`;
    case 'error':
      return entry.payload.message.slice(0, 200);
  }
}

function describe(t: Translate, entry: ReplayEntry): ReactNode {
  switch (entry.kind) {
    case 'page':
      return (
        <>
          <strong>{entry.payload.title || pathOf(entry.payload.href)}</strong>{' '}
          <span className="support-code">{pathOf(entry.payload.href)}</span>
        </>
      );
    case 'console':
      return (
        <>
          <Badge
            size="sm"
            tone={tone(entry) === 'plain' ? 'neutral' : tone(entry) === 'danger' ? 'danger' : 'warning'}
          >
            {t(`levels.${entry.payload.level}`)}
          </Badge>{' '}
          <span className="support-code">{entry.payload.message}</span>
        </>
      );
    case 'network':
      return (
        <>
          <span className="support-code">
            {entry.payload.method} {entry.payload.url}
          </span>{' '}
          <Badge size="sm" tone={networkFailed(entry.payload) ? 'danger' : 'success'}>
            {entry.payload.status || t('panes.noStatus')}
          </Badge>{' '}
          <span className="support-muted">
            {t('panes.duration', { ms: Math.round(entry.payload.durationMs) })}
          </span>
        </>
      );
    case 'error':
      return (
        <span className="replay-error">
          <strong>{entry.payload.message}</strong>
          {entry.payload.source ? <span className="support-code">{entry.payload.source}</span> : null}
          {entry.payload.stack ? (
            <span className="support-code replay-stack">{entry.payload.stack}</span>
          ) : null}
        </span>
      );
  }
}
