import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuIcon } from '../icons';
import { Banner, Alert } from './banner';
import { Button } from './button';
import { IconButton } from './icon-button';
import { MoneyDisplay } from './money-display';
import { SegmentedControl } from './segmented-control';
import { Skeleton } from './skeleton';
import { Spinner } from './spinner';
import { Table } from './table';
import { markHiddenSides, TableScroll } from './table-scroll';
import { TextField } from './text-field';
import { Wordmark } from './wordmark';
import { BackgroundLeft, BackgroundRight } from './backgrounds';
import { Select } from './select';
import { Tabs } from './tabs';
import { Checkbox } from './checkbox';
import { Switch } from './switch';

/** The value of an attribute on the first element matching a tag, or null. */
function attribute(html: string, tag: string, name: string): string | null {
  const element = new RegExp(`<${tag}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1] ?? null;
}

describe('Button', () => {
  it('is a type=button by default so it never submits a form by accident', () => {
    expect(attribute(renderToStaticMarkup(<Button>Pay</Button>), 'button', 'type')).toBe('button');
  });

  it('says it is busy while loading, stays focusable, and names what it is doing', () => {
    const html = renderToStaticMarkup(
      <Button loading loadingLabel="Sending">
        Send
      </Button>,
    );
    expect(attribute(html, 'button', 'aria-busy')).toBe('true');
    expect(attribute(html, 'button', 'aria-disabled')).toBe('true');
    expect(attribute(html, 'button', 'disabled')).toBeNull();
    expect(html).toContain('Sending');
  });

  it('styles a link as a button with asChild, keeping the icons inside the link', () => {
    const html = renderToStaticMarkup(
      <Button asChild variant="secondary" iconEnd={<MenuIcon />}>
        <a href="/help">Help</a>
      </Button>,
    );
    expect(html).toMatch(/^<a href="\/help"[^>]*class="ts-button ts-button--secondary ts-button--md"/);
    expect(html).not.toContain('<button');
    expect(attribute(html, 'a', 'type')).toBeNull();
    expect(html).toMatch(/Help<svg/);
  });
});

describe('IconButton', () => {
  it('takes its accessible name from the label', () => {
    const html = renderToStaticMarkup(
      <IconButton label="Open menu">
        <MenuIcon />
      </IconButton>,
    );
    expect(attribute(html, 'button', 'aria-label')).toBe('Open menu');
    expect(attribute(html, 'svg', 'aria-hidden')).toBe('true');
  });
});

describe('TextField', () => {
  it('links the error and hint, marks it invalid and required', () => {
    const html = renderToStaticMarkup(
      <TextField label="IBAN" hint="34 characters" error="Invalid IBAN" required />,
    );
    const input = attribute(html, 'input', 'id');
    expect(attribute(html, 'label', 'for')).toBe(input);
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true');
    expect(html).toMatch(/<input[^>]*required=""/);
    const describedBy = attribute(html, 'input', 'aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toHaveLength(2);
    for (const id of describedBy) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toMatch(/<span class="ts-field__required" aria-hidden="true">\*<\/span>/);
  });

  it('is neither invalid nor described when there is nothing to say', () => {
    const html = renderToStaticMarkup(<TextField label="Name" />);
    expect(attribute(html, 'input', 'aria-invalid')).toBeNull();
    expect(attribute(html, 'input', 'aria-describedby')).toBeNull();
  });
});

describe('Select, Checkbox, Switch, Tabs, SegmentedControl', () => {
  it('labels the select trigger with the visible label', () => {
    const html = renderToStaticMarkup(
      <Select
        label="Currency"
        options={[{ value: 'EUR', label: 'Euro' }]}
        placeholder="Choose"
        error="Required"
      />,
    );
    const labelId = attribute(html, 'label', 'id');
    expect(attribute(html, 'button', 'role')).toBe('combobox');
    expect(attribute(html, 'button', 'aria-labelledby')).toBe(labelId);
    expect(attribute(html, 'button', 'aria-invalid')).toBe('true');
  });

  it('renders a checkbox and a switch with their roles and labels', () => {
    const checkbox = renderToStaticMarkup(<Checkbox label="I accept" description="The terms" />);
    expect(attribute(checkbox, 'button', 'role')).toBe('checkbox');
    expect(attribute(checkbox, 'label', 'for')).toBe(attribute(checkbox, 'button', 'id'));
    const toggle = renderToStaticMarkup(<Switch label="Notifications" defaultChecked />);
    expect(attribute(toggle, 'button', 'role')).toBe('switch');
    expect(attribute(toggle, 'button', 'aria-checked')).toBe('true');
  });

  it('selects the first tab when none is given and names the tab list', () => {
    const html = renderToStaticMarkup(
      <Tabs
        label="Sections"
        items={[
          { value: 'a', label: 'A', content: 'first' },
          { value: 'b', label: 'B', content: 'second' },
        ]}
      />,
    );
    expect(html).toContain('role="tablist"');
    expect(html).toContain('aria-label="Sections"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>A</);
    expect(html).toContain('first');
  });

  it('makes the segmented control a named radio group whose icon-only options keep their names', () => {
    const html = renderToStaticMarkup(
      <SegmentedControl
        label="Theme"
        defaultValue="dark"
        options={[
          { value: 'light', label: 'Light', icon: <MenuIcon />, hideLabel: true },
          { value: 'dark', label: 'Dark' },
        ]}
      />,
    );
    expect(attribute(html, 'div', 'role')).toBe('radiogroup');
    expect(attribute(html, 'div', 'aria-label')).toBe('Theme');
    expect(html).toMatch(/role="radio" aria-checked="true"[^>]*>.*Dark/);
    expect(html).toContain('Light');
  });
});

describe('feedback', () => {
  it('announces a spinner politely with its hidden label', () => {
    const html = renderToStaticMarkup(<Spinner label="Loading accounts" />);
    expect(attribute(html, 'span', 'role')).toBe('status');
    expect(html).toContain('Loading accounts');
  });

  it('hides skeletons from assistive technology and bounds their lines', () => {
    expect(attribute(renderToStaticMarkup(<Skeleton />), 'span', 'aria-hidden')).toBe('true');
    const html = renderToStaticMarkup(<Skeleton lines={1000} />);
    expect(html.match(/ts-skeleton ts-skeleton--text/g)).toHaveLength(12);
  });

  it('gives banners role alert for danger and status otherwise', () => {
    expect(attribute(renderToStaticMarkup(<Banner tone="danger">x</Banner>), 'div', 'role')).toBe('alert');
    expect(attribute(renderToStaticMarkup(<Banner tone="info">x</Banner>), 'div', 'role')).toBe('status');
    expect(attribute(renderToStaticMarkup(<Banner politeness="none">x</Banner>), 'div', 'role')).toBeNull();
    expect(attribute(renderToStaticMarkup(<Alert tone="warning">x</Alert>), 'div', 'role')).toBe('alert');
  });
});

describe('Table', () => {
  const rows = [
    { id: 'a', name: 'Current', balance: '10.00' },
    { id: 'b', name: 'Savings', balance: '20.00' },
  ];
  const columns = [
    { key: 'name', header: 'Account', cell: (row: (typeof rows)[number]) => row.name, rowHeader: true },
    {
      key: 'balance',
      header: 'Balance',
      cell: (row: (typeof rows)[number]) => row.balance,
      numeric: true,
      sortable: true,
    },
  ];

  it('has a caption, column and row headers, and aria-sort only on the sorted column', () => {
    const html = renderToStaticMarkup(
      <Table
        caption="Accounts"
        columns={columns}
        rows={rows}
        getRowKey={(row) => row.id}
        sort={{ key: 'balance', direction: 'descending' }}
        onSortChange={() => undefined}
      />,
    );
    expect(html).toMatch(/<caption[^>]*>Accounts<\/caption>/);
    expect(html).toContain('<th scope="col">Account</th>');
    expect(html).toMatch(/<th scope="col" aria-sort="descending"[^>]*><button type="button"/);
    expect(html.match(/scope="row"/g)).toHaveLength(2);
    expect(attribute(html, 'div', 'aria-labelledby')).toBe(attribute(html, 'caption', 'id'));
  });

  it('shows the empty content in one full-width cell', () => {
    const html = renderToStaticMarkup(
      <Table caption="Accounts" columns={columns} rows={[]} getRowKey={(row) => row.id} empty="None yet" />,
    );
    expect(html).toMatch(/<td colspan="2" class="ts-table__empty">None yet<\/td>/i);
  });
});

describe('TableScroll', () => {
  it('marks the sides that hide more of a wide table, so the CSS can fade them', () => {
    const box = (scrollLeft: number) => {
      const attributes = new Set<string>();
      const element = {
        scrollLeft,
        clientWidth: 390,
        scrollWidth: 700,
        toggleAttribute: (name: string, on: boolean) => (on ? attributes.add(name) : attributes.delete(name)),
      };
      markHiddenSides(element as unknown as HTMLElement);
      return [...attributes].sort();
    };
    expect(box(0)).toEqual(['data-more-end']);
    expect(box(100)).toEqual(['data-more-end', 'data-more-start']);
    expect(box(310)).toEqual(['data-more-start']);
    const narrow = new Set<string>(['data-more-end']);
    markHiddenSides({
      scrollLeft: 0,
      clientWidth: 390,
      scrollWidth: 390,
      toggleAttribute: (name: string, on: boolean) => (on ? narrow.add(name) : narrow.delete(name)),
    } as unknown as HTMLElement);
    expect([...narrow]).toEqual([]);
  });

  it('is a keyboard-reachable region named by the caption it is given, or by a label', () => {
    const byCaption = renderToStaticMarkup(
      <TableScroll labelledBy="caption-1">
        <table>
          <caption id="caption-1">Positions</caption>
        </table>
      </TableScroll>,
    );
    expect(attribute(byCaption, 'div', 'role')).toBe('region');
    expect(attribute(byCaption, 'div', 'tabindex')).toBe('0');
    expect(attribute(byCaption, 'div', 'aria-labelledby')).toBe('caption-1');
    expect(attribute(byCaption, 'div', 'aria-label')).toBeNull();
    const byLabel = renderToStaticMarkup(
      <TableScroll label="Order book">
        <table />
      </TableScroll>,
    );
    expect(attribute(byLabel, 'div', 'aria-label')).toBe('Order book');
    expect(attribute(byLabel, 'div', 'aria-labelledby')).toBeNull();
  });
});

describe('MoneyDisplay', () => {
  it('formats exactly and exposes the plain decimal value', () => {
    const html = renderToStaticMarkup(
      <MoneyDisplay amountMinor={-123456n} scale={2} currency="EUR" locale="en" tone="auto" />,
    );
    expect(html).toBe(
      '<data data-tracker-mask="" value="-1234.56" class="ts-money ts-money--md ts-money--negative">-€1,234.56</data>',
    );
  });

  it('draws the fraction smaller when asked, in both locales', () => {
    const en = renderToStaticMarkup(
      <MoneyDisplay amountMinor={123456n} scale={2} currency="EUR" locale="en" emphasis="fraction" />,
    );
    expect(en).toContain('€1,234<span class="ts-money__minor">.56</span>');
    const fr = renderToStaticMarkup(
      <MoneyDisplay amountMinor={123456n} scale={2} currency="EUR" locale="fr" emphasis="fraction" />,
    );
    expect(fr).toContain('1\u202f234<span class="ts-money__minor">,56\u00a0€</span>');
  });

  it('uses an injected formatter', () => {
    const html = renderToStaticMarkup(
      <MoneyDisplay amountMinor={5n} scale={0} currency="EUR" locale="fr" format={() => 'cinq euros'} />,
    );
    expect(html).toContain('>cinq euros<');
  });

  it('is masked in session recordings, whatever it is given (issue #17)', () => {
    for (const props of [{}, { emphasis: 'fraction' as const }, { format: () => 'cinq euros' }]) {
      const html = renderToStaticMarkup(
        <MoneyDisplay amountMinor={123456n} scale={2} currency="EUR" locale="fr" {...props} />,
      );
      expect(attribute(html, 'data', 'data-tracker-mask')).toBe('');
    }
  });
});

describe('brand', () => {
  it('names the wordmark from its title', () => {
    const html = renderToStaticMarkup(<Wordmark title="Tessera home" />);
    expect(attribute(html, 'svg', 'role')).toBe('img');
    const titleId = attribute(html, 'title', 'id');
    expect(attribute(html, 'svg', 'aria-labelledby')).toBe(titleId);
    expect(html).toContain('Tessera home</title>');
  });

  it('renders deterministic, hidden, distinct backgrounds', () => {
    const left = renderToStaticMarkup(<BackgroundLeft />);
    const right = renderToStaticMarkup(<BackgroundRight />);
    expect(attribute(left, 'svg', 'aria-hidden')).toBe('true');
    expect(left).toBe(renderToStaticMarkup(<BackgroundLeft />));
    expect(left).not.toBe(right);
    expect((left.match(/<path/g) ?? []).length).toBeGreaterThan(20);
  });
});
