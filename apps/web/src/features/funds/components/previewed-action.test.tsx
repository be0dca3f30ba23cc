import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  previewedActionReducer,
  type PreviewedActionEvent,
  type PreviewedActionState,
  PreviewStep,
} from './previewed-action.tsx';

type State = PreviewedActionState<string, string>;

const filled: State = { preview: null, key: 'key-1', problem: null, done: null };

function run(state: State, ...events: PreviewedActionEvent<string, string>[]): State {
  return events.reduce(previewedActionReducer<string, string>, state);
}

describe('previewedActionReducer', () => {
  it('keeps the key for a retry after the confirm failed, so the service answers the first attempt', () => {
    const failed = run(
      filled,
      { type: 'start' },
      { type: 'show', preview: 'invest 100 EUR' },
      { type: 'fail', problem: 'The network failed', hidePreview: false },
    );
    expect(failed).toEqual({
      preview: 'invest 100 EUR',
      key: 'key-1',
      problem: 'The network failed',
      done: null,
    });
    const retried = run(failed, { type: 'start' });
    expect(retried.key).toBe('key-1');
    expect(retried.problem).toBeNull();
  });

  it('makes a new key only after a success, and drops the preview for the next operation', () => {
    const succeeded = run(
      filled,
      { type: 'show', preview: 'invest 100 EUR' },
      { type: 'succeed', done: 'invested', nextKey: 'key-2' },
    );
    expect(succeeded).toEqual({ preview: null, key: 'key-2', problem: null, done: 'invested' });
  });

  it('keeps the key when a field is edited: one key per filled form, whatever it says at the confirm', () => {
    const edited = run(filled, { type: 'show', preview: 'a' }, { type: 'hide', clearDone: false });
    expect(edited.preview).toBeNull();
    expect(edited.key).toBe('key-1');
  });

  it("drops the preview on an error only for the forms that ask it (the token's mint and burn)", () => {
    const failed = run(
      filled,
      { type: 'show', preview: 'mint 4' },
      { type: 'fail', problem: 'no', hidePreview: true },
    );
    expect(failed.preview).toBeNull();
    expect(failed.problem).toBe('no');
  });

  it('a new attempt clears the last problem and outcome but leaves the preview until the new one comes', () => {
    const state: State = { preview: 'old', key: 'key-1', problem: 'bad amount', done: 'invested' };
    expect(run(state, { type: 'start' })).toEqual({
      preview: 'old',
      key: 'key-1',
      problem: null,
      done: null,
    });
  });

  it('an edit drops the last outcome too where the form asks it (the plan form), never the problem', () => {
    const state: State = { preview: 'p', key: 'key-1', problem: 'bad date', done: 'created' };
    expect(run(state, { type: 'hide', clearDone: true })).toEqual({ ...state, preview: null, done: null });
    expect(run(state, { type: 'hide', clearDone: false })).toEqual({ ...state, preview: null });
  });
});

/** What the tests of the "preview" button leave unused: the preview's own buttons. */
const noConfirm = { confirm: () => null, confirming: false, cancel: 'Cancel', onCancel: () => {} };

describe('PreviewStep', () => {
  it('shows the "preview" submit button, alone, while there is no preview', () => {
    const html = renderToStaticMarkup(
      <PreviewStep preview={null} label="Preview" testId="x-preview" {...noConfirm}>
        {() => <p>never</p>}
      </PreviewStep>,
    );
    expect(html).toMatch(
      /^<div><button type="submit"[^>]*ts-button--secondary[^>]*>Preview<\/button><\/div>$/,
    );
    expect(html).not.toContain('never');
  });

  it('puts further buttons in one row with the "preview" one', () => {
    const html = renderToStaticMarkup(
      <PreviewStep preview={null} label="Preview" more={<button type="button">All</button>} {...noConfirm}>
        {() => null}
      </PreviewStep>,
    );
    expect(html).toMatch(/^<div class="funds-actions"><button type="submit"/);
    expect(html).toContain('<button type="button">All</button>');
  });
});

describe('PreviewStep, once previewed', () => {
  const step = (confirm: { label: string; onConfirm: () => void; disabled?: boolean } | null) =>
    renderToStaticMarkup(
      <PreviewStep
        preview={{ amount: '100' }}
        label="Preview"
        testId="x-preview"
        confirm={() => confirm}
        confirming={false}
        cancel="Cancel"
        onCancel={() => {}}
      >
        {(preview) => <p>Invest {preview.amount}</p>}
      </PreviewStep>,
    );

  it('shows the preview in a polite live region with its test id, then its buttons', () => {
    const html = step({ label: 'Invest', onConfirm: () => {} });
    expect(html).toMatch(
      /^<div class="funds-preview" aria-live="polite" data-testid="x-preview"><p>Invest 100<\/p><div class="funds-actions">/,
    );
  });

  it('marks the confirm as a money movement for live assist, beside a ghost cancel', () => {
    const html = step({ label: 'Invest', onConfirm: () => {} });
    expect(html).toMatch(/<button[^>]*data-assist="confirm"[^>]*>.*Invest.*<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*ts-button--ghost[^>]*>Cancel<\/button><\/div><\/div>$/);
  });

  it('disables the confirm it is told to (a closed market)', () => {
    expect(step({ label: 'Invest', onConfirm: () => {}, disabled: true })).toMatch(
      /<button[^>]*data-assist="confirm"[^>]*disabled=""/,
    );
  });

  it('shows no buttons for a preview without a confirm (a refused transfer)', () => {
    expect(step(null)).toBe(
      '<div class="funds-preview" aria-live="polite" data-testid="x-preview"><p>Invest 100</p></div>',
    );
  });
});
