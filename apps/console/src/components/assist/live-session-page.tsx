import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { assistAgentPeerId, type AssistIceServer } from '@tessera/contracts';
import { Alert, Banner, Button, Card, PageHeader, Select } from '@tessera/ui';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { pathOf } from '../replay/replay-events.ts';
import { ReferenceForm } from '../support/support-parts.tsx';
import { AgentCall, MediaUnavailableError } from './agent-call.ts';
import { AgentRecorder, RecordingSourceError } from './agent-recorder.ts';
import { uploadRecording } from './assist-api.ts';
import { CallPanel } from './call-panel.tsx';
import { HelpRequestCard } from './help-request-card.tsx';
import { LiveAssist, type LiveAssistState } from './live-assist.ts';
import { LiveMirror, type MirrorActions, type MirrorMode } from './live-mirror.tsx';
import { RecordingsList } from './recordings-list.tsx';
import './assist.css';

/**
 * One live session, for support agents and admins (issue #18): the case or ticket reference first, then the join
 * (socket.io with the staff token), the customer's page mirrored live, and the actions that each need the customer's
 * consent on their page: a call, remote control, recording; annotation; leave.
 */
export function LiveSessionPage({
  sessionId,
  reference,
  onReference,
}: {
  sessionId: string;
  reference: string | undefined;
  onReference: (reference: string | undefined) => void;
}) {
  const { t } = useTranslation('assist');
  const back = (
    <Button asChild variant="ghost" size="sm">
      <Link to="/assist" search={reference ? { ref: reference } : {}}>
        {t('live.back')}
      </Link>
    </Button>
  );
  if (!reference) {
    return (
      <>
        <PageHeader title={t('live.title')} back={back} />
        <ReferenceForm onSubmit={onReference} title={t('reference.title')} submitLabel={t('live.rejoin')} />
      </>
    );
  }
  return <Rejoinable sessionId={sessionId} reference={reference} back={back} />;
}

/** "Join again" starts a fresh join: a new LiveSession (and socket) under a new key. */
function Rejoinable(props: { sessionId: string; reference: string; back: React.ReactNode }) {
  const [joins, setJoins] = useState(0);
  return (
    <LiveSession
      key={`${props.sessionId}-${joins}`}
      {...props}
      onRejoin={() => setJoins((count) => count + 1)}
    />
  );
}

function LiveSession({
  sessionId,
  reference,
  back,
  onRejoin,
}: {
  sessionId: string;
  reference: string;
  back: React.ReactNode;
  onRejoin: () => void;
}) {
  const { t } = useTranslation('assist');
  const { auth, config } = useRouteContext({ from: '/_staff' });
  const queryClient = useQueryClient();
  const token = useCallback(() => auth.getAccessToken(), [auth]);
  const [assist] = useState(() => new LiveAssist(sessionId, token, reference));
  const [call, setCall] = useState<AgentCall | null>(null);
  const [callProblem, setCallProblem] = useState<{ key: string; reason: string } | null>(null);
  const [annotating, setAnnotating] = useState(false);
  const [recordingProblem, setRecordingProblem] = useState<string | null>(null);
  const recorder = useRef<AgentRecorder | null>(null);
  const state = useSyncExternalStore(assist.subscribe, assist.getState);

  // Join on mount; leave when the page goes away.
  useEffect(() => {
    assist.connect();
    return () => assist.leave();
  }, [assist]);

  // The call's peer lives with the join.
  useEffect(() => () => call?.destroy(), [call]);

  const me = state.me;
  const followedTab = state.tabs.find((tab) => tab.tabId === state.tabId) ?? null;

  // The customer answered: dial their tab.
  useEffect(() => {
    if (state.call === 'active' && call && me && followedTab) {
      call.dial(followedTab.peerId, { agentId: me.agentId, name: me.name });
    }
    if (state.call === 'none' && call?.snapshot.local) {
      call.hangUp();
    }
  }, [state.call, call, me, followedTab]);

  const finishRecording = useCallback(async () => {
    const running = recorder.current;
    recorder.current = null;
    if (!running) {
      return;
    }
    assist.setRecording('saving');
    try {
      const result = await running.stop();
      if (!result || result.blob.size === 0) {
        // Nothing was captured: never say a recording was saved when none was.
        assist.setRecording('failed');
        return;
      }
      await uploadRecording(auth, sessionId, reference, result);
      assist.setRecording('saved');
      await queryClient.invalidateQueries({ queryKey: ['assist', 'recordings', sessionId] });
    } catch {
      assist.setRecording('failed');
    }
  }, [assist, auth, queryClient, reference, sessionId]);

  // The customer accepted recording: start; the customer (or the agent) stopped it: save it.
  useEffect(() => {
    if (state.recording === 'on' && !recorder.current) {
      const next = new AgentRecorder();
      recorder.current = next;
      setRecordingProblem(null);
      next.start(call?.getSnapshot() ?? { local: null, remote: null }).catch((error: unknown) => {
        recorder.current = null;
        assist.stopRecording();
        assist.setRecording('off');
        setRecordingProblem(error instanceof RecordingSourceError ? 'recording.source' : 'recording.failed');
      });
    }
    if (state.recording === 'off' && recorder.current) {
      void finishRecording();
    }
  }, [assist, state.recording, call, finishRecording]);

  useEffect(() => () => recorder.current?.abort(), []);

  const startCall = async () => {
    if (!me) {
      return;
    }
    setCallProblem(null);
    const next =
      call ??
      new AgentCall({
        peerId: me.peerId || assistAgentPeerId(me.projectKey, sessionId, me.agentId),
        projectKey: me.projectKey,
        token,
        iceServers: (config.assist?.iceServers ?? []) as AssistIceServer[],
        isTabPeer: (peerId) => assist.state.tabs.some((tab) => tab.peerId === peerId),
        onEnded: () => {
          if (assist.state.call !== 'none') {
            assist.endCall('ended');
          }
        },
      });
    setCall(next);
    try {
      await next.prepare();
    } catch (error) {
      setCallProblem(
        error instanceof MediaUnavailableError
          ? { key: 'call.media', reason: error.message }
          : { key: 'call.peer', reason: error instanceof Error ? error.message.slice(0, 120) : '' },
      );
      next.hangUp();
      return;
    }
    assist.requestCall();
  };

  const endCall = () => {
    assist.endCall();
    call?.hangUp();
  };

  const stopRecording = () => {
    assist.stopRecording();
    void finishRecording();
  };

  const leave = async () => {
    if (recorder.current) {
      assist.stopRecording();
      await finishRecording();
    }
    if (state.control === 'enabled') {
      assist.releaseControl();
    }
    if (state.call !== 'none') {
      assist.endCall();
    }
    call?.destroy();
    setCall(null);
    assist.leave();
  };

  const mode: MirrorMode = annotating ? 'annotate' : state.control === 'enabled' ? 'control' : 'watch';
  const actions: MirrorActions = {
    control: (kind, fields) => assist.send('control_event', { kind, ...fields }),
    annotate: (phase, point) => assist.send('annotation', { phase, ...point }),
  };
  const joined = state.connection === 'connected';

  return (
    <>
      <PageHeader
        title={t('live.title')}
        description={t('live.lead', { reference })}
        back={back}
        actions={
          state.connection === 'left' ? (
            <Button onClick={onRejoin}>{t('live.rejoin')}</Button>
          ) : (
            <Button variant="danger" onClick={() => void leave()}>
              {t('live.leave')}
            </Button>
          )
        }
      />
      <ConnectionStatus state={state} onRetry={() => assist.retry()} />
      <p className="assist-narrow">{t('live.narrow')}</p>
      {state.connection === 'left' ? null : (
        <div className="assist-workspace">
          <div className="assist-main">
            {state.tabs.length > 1 ? (
              <Select
                label={t('live.tab')}
                value={state.tabId ?? undefined}
                onValueChange={(tabId) => assist.follow(tabId)}
                options={state.tabs.map((tab, index) => ({
                  value: tab.tabId,
                  label: tab.visible
                    ? t('live.tabOption', { n: index + 1 })
                    : t('live.tabOptionHidden', { n: index + 1 }),
                }))}
              />
            ) : null}
            {followedTab && !followedTab.visible ? (
              <Banner tone="warning">{t('live.tabHidden')}</Banner>
            ) : null}
            {state.refusal ? (
              <Alert
                tone="warning"
                onDismiss={() => assist.clearRefusal()}
                dismissLabel={t('refused.dismiss')}
                title={t(`refused.${state.refusal.reason}`)}
              >
                {state.refusal.label ? t('refused.element', { label: state.refusal.label }) : null}
              </Alert>
            ) : null}
            <LiveMirror assist={assist} mode={mode} actions={actions} hasPage={state.hasPage} />
            <p className="support-muted">{t('live.masked')}</p>
          </div>
          <aside className="assist-side" aria-label={t('live.actions')}>
            <HelpRequestCard sessionId={sessionId} reference={reference} />
            <CallPanel
              state={state.call}
              notice={state.callNotice}
              problem={callProblem}
              call={call}
              disabled={!joined || !state.hasPage}
              onStart={() => void startCall()}
              onEnd={endCall}
            />
            <Card title={t('control.label')} headingLevel={2} padding="sm">
              <p role="status" aria-label={t('control.label')} className="assist-state">
                {controlText(t, state)}
              </p>
              <div className="assist-buttons">
                {state.control === 'enabled' || state.control === 'requesting' ? (
                  <Button variant="secondary" size="sm" onClick={() => assist.releaseControl()}>
                    {t('control.release')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={!joined || !state.hasPage}
                    onClick={() => assist.requestControl()}
                  >
                    {t('control.request')}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  aria-pressed={annotating}
                  disabled={!joined || !state.hasPage}
                  onClick={() => setAnnotating((on) => !on)}
                >
                  {t('annotate.toggle')}
                </Button>
              </div>
              {state.control === 'enabled' && !annotating ? (
                <p className="support-muted">{t('control.hint')}</p>
              ) : null}
              {annotating ? <p className="support-muted">{t('annotate.hint')}</p> : null}
            </Card>
            <Card title={t('recording.label')} headingLevel={2} padding="sm">
              <p role="status" aria-label={t('recording.label')} className="assist-state">
                {recordingText(t, state)}
              </p>
              {recordingProblem ? <Alert tone="warning">{t(recordingProblem)}</Alert> : null}
              <div className="assist-buttons">
                {state.recording === 'on' ? (
                  <Button variant="danger" size="sm" onClick={stopRecording}>
                    {t('recording.stop')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={
                      !joined ||
                      !state.hasPage ||
                      state.recording === 'requesting' ||
                      state.recording === 'saving'
                    }
                    onClick={() => {
                      setRecordingProblem(null);
                      assist.requestRecording();
                    }}
                  >
                    {t('recording.request')}
                  </Button>
                )}
              </div>
            </Card>
          </aside>
        </div>
      )}
      <RecordingsList sessionId={sessionId} reference={reference} />
    </>
  );
}

type Translate = ReturnType<typeof useTranslation>['t'];

function ConnectionStatus({ state, onRetry }: { state: LiveAssistState; onRetry: () => void }) {
  const { t } = useTranslation('assist');
  const others = state.otherAgents.map((agent) => agent.name || agent.agentId).join(', ');
  let text: string;
  switch (state.connection) {
    case 'connecting':
      text = t('live.connecting');
      break;
    case 'connected':
      text = state.hasPage ? t('live.watching') : t('live.waiting');
      break;
    case 'reconnecting':
      text = t('live.reconnecting');
      break;
    case 'left':
      text = t('live.left');
      break;
    case 'refused':
      text = t('live.refused', {
        reason: t(`errors.${state.refusedCode ?? 'ASSIST_UNAVAILABLE'}`, {
          defaultValue: t('errors.ASSIST_UNAVAILABLE'),
        }),
      });
      break;
  }
  return (
    <div className={`assist-status assist-status--${state.connection}`}>
      <p role="status" aria-label={t('live.status')}>
        <span className="assist-dot" aria-hidden="true" />
        {text}
      </p>
      {state.href && state.connection === 'connected' ? (
        <p className="support-muted">
          {t('live.page')} <span className="support-code">{pathOf(state.href)}</span>
        </p>
      ) : null}
      {others ? <p className="support-muted">{t('live.otherAgents', { names: others })}</p> : null}
      {state.connection === 'refused' ? (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('live.retry')}
        </Button>
      ) : null}
    </div>
  );
}

function controlText(t: Translate, state: LiveAssistState): string {
  if (state.control === 'disabled' && state.controlNotice) {
    return t(`control.${state.controlNotice}`);
  }
  return t(`control.${state.control}`);
}

function recordingText(t: Translate, state: LiveAssistState): string {
  if (state.recording === 'off' && state.recordingNotice) {
    return t(`recording.${state.recordingNotice}`);
  }
  return t(`recording.${state.recording}`);
}
