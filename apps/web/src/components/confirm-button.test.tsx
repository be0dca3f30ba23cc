import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton, confirmClickHandler, type ConfirmClick } from './confirm-button';

/** A click as React hands it over: trusted when the person made it, untrusted when a script dispatched it. */
function click(isTrusted: boolean) {
  const event = {
    nativeEvent: { isTrusted },
    preventDefault: vi.fn<() => void>(),
    stopPropagation: vi.fn<() => void>(),
  } satisfies ConfirmClick;
  return event;
}

describe('confirmClickHandler', () => {
  it("passes the person's own click on to the button's handler, leaving the form to submit", () => {
    const onClick = vi.fn<(event: ConfirmClick) => void>();
    const event = click(true);
    confirmClickHandler(onClick)(event);
    expect(onClick).toHaveBeenCalledWith(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });

  it("cancels a dispatched click (an agent's remote control): no handler runs and a submit button submits nothing", () => {
    const onClick = vi.fn<(event: ConfirmClick) => void>();
    const event = click(false);
    confirmClickHandler(onClick)(event);
    expect(onClick).not.toHaveBeenCalled();
    expect(event.preventDefault).toHaveBeenCalledOnce();
    expect(event.stopPropagation).toHaveBeenCalledOnce();
  });

  it('cancels a dispatched click on a submit button that has no handler of its own', () => {
    const event = click(false);
    confirmClickHandler()(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it("lets a trusted click through when the button has no handler (the form's own submit)", () => {
    const event = click(true);
    confirmClickHandler()(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
  });
});

describe('ConfirmButton', () => {
  it('is marked for live assist to refuse, and keeps its type, label and loading state', () => {
    const html = renderToStaticMarkup(
      <ConfirmButton type="submit" loading loadingLabel="Sending">
        Send
      </ConfirmButton>,
    );
    expect(html).toMatch(/^<button [^>]*data-assist="confirm"/);
    expect(html).toMatch(/^<button [^>]*type="submit"/);
    expect(html).toMatch(/^<button [^>]*aria-busy="true"/);
    expect(html).toContain('Send');
    expect(html).toContain('Sending');
  });
});
