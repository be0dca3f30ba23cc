import { describe, expect, it } from 'vitest';
import { sanitizeEvent } from './sanitize.ts';

const options = { emails: true, numbers: false };
const IBAN = 'FR7630006000011234567890189';
const IBAN_GROUPED = 'FR76 3000 6000 0112 3456 7890 189';
const CARD = '4242 4242 4242 4242';
const EMAIL = 'ana.demo@tessera.test';

function leaks(value: unknown): boolean {
  const text = JSON.stringify(value);
  return [IBAN, IBAN_GROUPED, CARD, EMAIL, '30006000', '4242 4242'].some((secret) => text.includes(secret));
}

const element = (
  id: number,
  tagName: string,
  attributes: Record<string, unknown>,
  childNodes: unknown[] = [],
) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
});

describe('sanitizeEvent', () => {
  it('masks IBANs, cards and e-mails in title, placeholder, aria-label, alt and data-* of a full snapshot', () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            element(2, 'div', { title: `Pay ${IBAN_GROUPED}`, 'aria-label': `Card ${CARD}` }, [
              element(3, 'input', { placeholder: IBAN, value: IBAN, 'data-owner': EMAIL, type: 'text' }),
              element(4, 'img', { alt: EMAIL, src: `/a?to=${IBAN}` }),
              { type: 3, id: 5, textContent: `Send to ${IBAN}` },
            ]),
          ],
        },
        initialOffset: { top: 0, left: 0 },
      },
    };
    const out = sanitizeEvent(structuredClone(event), options);
    expect(leaks(out)).toBe(false);
    const div = out.data.node.childNodes[0]!;
    expect(div.attributes.title).toMatch(/^Pay \*/u);
    expect(div.childNodes[0]).toMatchObject({ attributes: { type: 'text' } });
  });

  it('masks an amount in an aria-description and obscures a value entirely', () => {
    const event = {
      type: 3,
      timestamp: 2,
      data: {
        source: 0,
        texts: [],
        removes: [],
        adds: [],
        attributes: [{ id: 9, attributes: { 'aria-description': 'Balance €1,234.56', value: 'secret' } }],
      },
    };
    const out = sanitizeEvent(event, options);
    expect(out.data.attributes[0]!.attributes).toEqual({
      'aria-description': 'Balance €*,***.**',
      value: '******',
    });
  });

  it('masks added nodes and text changes of a mutation', () => {
    const event = {
      type: 3,
      timestamp: 3,
      data: {
        source: 0,
        removes: [],
        attributes: [],
        texts: [{ id: 7, value: `IBAN ${IBAN}` }],
        adds: [{ parentId: 1, nextId: null, node: element(8, 'span', { title: EMAIL }) }],
      },
    };
    expect(leaks(sanitizeEvent(event, options))).toBe(false);
  });

  it('obscures every attribute text inside data-tracker-mask', () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: element(1, 'div', { 'data-tracker-mask': '' }, [element(2, 'span', { title: 'Ana Demo' })]),
        initialOffset: { top: 0, left: 0 },
      },
    };
    const out = sanitizeEvent(event, options);
    expect((out.data.node.childNodes[0] as { attributes: { title: string } }).attributes.title).toBe(
      '*** ****',
    );
  });

  it('truncates labels to 100 characters and blanks an href over 100000', () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: element(1, 'a', { 'aria-label': 'x'.repeat(150), href: `/${'y'.repeat(100_001)}` }),
        initialOffset: { top: 0, left: 0 },
      },
    };
    const out = sanitizeEvent(event, options);
    expect(out.data.node.attributes['aria-label']).toHaveLength(100);
    expect(out.data.node.attributes.href).toBe('');
  });

  it('masks an IBAN or an e-mail in an id or a class, which rrweb also keeps', () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: element(1, 'li', { id: `payee-${IBAN}`, class: `row ${EMAIL}` }),
        initialOffset: { top: 0, left: 0 },
      },
    };
    expect(leaks(sanitizeEvent(event, options))).toBe(false);
    expect(event.data.node.attributes.id).toMatch(/^payee-\*+$/u);
  });

  it('keeps style text, CSS and short data tokens', () => {
    const event = {
      type: 2,
      timestamp: 1,
      data: {
        node: element(1, 'style', { 'data-state': 'open', _cssText: '.a{width:1234567890123456px}' }, [
          { type: 3, id: 2, textContent: '.b{width:4242424242424242px}', isStyle: true },
        ]),
        initialOffset: { top: 0, left: 0 },
      },
    };
    const out = sanitizeEvent(structuredClone(event), options);
    expect(out).toEqual(event);
  });

  it('masks the strings of custom events and the href of meta events', () => {
    const custom = {
      type: 5,
      timestamp: 4,
      data: { tag: 'tessera.console', payload: { level: 'error', message: `bad ${IBAN} ${EMAIL} €12.00` } },
    };
    const meta = {
      type: 4,
      timestamp: 4,
      data: { href: `https://x.test/?email=${EMAIL}`, width: 1, height: 1 },
    };
    expect(leaks(sanitizeEvent(custom, options))).toBe(false);
    expect(custom.data.payload.message).not.toContain('12.00');
    expect(leaks(sanitizeEvent(meta, options))).toBe(false);
  });
});
