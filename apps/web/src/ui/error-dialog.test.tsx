import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DebugErrorPayload, ErrorFrame } from '@zema/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { closeErrorDialog, ErrorDialogHost, showErrorDialog } from './error-dialog';

function frame(flatIndex: number, overrides: Partial<ErrorFrame> = {}): ErrorFrame {
  return {
    method: `fn${flatIndex}`,
    path: `src/file${flatIndex}.ts`,
    lineNumber: 10 + flatIndex,
    codeSnippet: {
      [String(9 + flatIndex)]: `const before${flatIndex} = 1;`,
      [String(10 + flatIndex)]: `throw new Error('boom ${flatIndex}');`,
      [String(11 + flatIndex)]: `const after${flatIndex} = 2;`,
    },
    flatIndex,
    isVendor: false,
    ...overrides,
  };
}

const payload: DebugErrorPayload = {
  exception: 'TypeError',
  message: "Cannot read properties of undefined (reading 'id')",
  trace: [
    {
      vendorGroup: true,
      items: [
        frame(0, { isVendor: true, method: 'runMicrotasks', path: 'node:internal/process/task_queues' }),
      ],
    },
    frame(1, {
      method: 'UsersService.find',
      path: 'src/features/users/users.service.ts',
      lineNumber: 42,
      codeSnippet: { '41': '  const row = rows[0];', '42': '  return row.id;', '43': '}' },
    }),
    {
      vendorGroup: true,
      items: [
        frame(2, { isVendor: true, method: 'handler', path: 'node_modules/fastify/lib/handle-request.js' }),
        frame(3, { isVendor: true, method: 'preHandlerCallback', path: 'node_modules/fastify/lib/hooks.js' }),
        frame(4, { isVendor: true, method: 'next', path: 'node_modules/avvio/lib/boot.js' }),
      ],
    },
    frame(5, {
      method: 'main',
      path: 'src/main.ts',
      lineNumber: 7,
      codeSnippet: { '6': 'await app.ready();', '7': 'await app.listen();' },
    }),
  ],
  totalVendorGroups: 2,
};

// The dialog's code loads when an error is first shown (it is no part of a page's first load).
async function open() {
  render(<ErrorDialogHost />);
  act(() => showErrorDialog(payload));
  return screen.findByRole('dialog', { name: 'An error occured' });
}

function highlightedLine(dialog: HTMLElement): HTMLElement | null {
  return dialog.querySelector<HTMLElement>('[data-line][aria-current="true"]');
}

describe('ErrorDialog', () => {
  afterEach(() => {
    act(() => closeErrorDialog());
  });

  it("opens titled 'An error occured' with the exception and message", async () => {
    const dialog = await open();
    expect(within(dialog).getByText('TypeError')).toBeTruthy();
    expect(within(dialog).getByText("Cannot read properties of undefined (reading 'id')")).toBeTruthy();
  });

  it('selects the first app frame and highlights its failing line', async () => {
    const dialog = await open();
    const current = within(dialog).getByRole('button', { name: /UsersService\.find/ });
    expect(current.getAttribute('aria-current')).toBe('true');
    const line = highlightedLine(dialog);
    expect(line?.dataset.line).toBe('42');
    expect(line?.textContent).toContain('return row.id;');
    expect(line?.className).toContain('bg-danger');
    expect(dialog.querySelectorAll('[data-line]')).toHaveLength(3);
    expect(within(dialog).getAllByText('src/features/users/users.service.ts:42').length).toBeGreaterThan(0);
  });

  it("collapses vendor frames under an 'N vendor frames' toggle that expands them", async () => {
    const dialog = await open();
    expect(within(dialog).queryByText('handler')).toBeNull();
    const toggle = within(dialog).getByRole('button', { name: '3 vendor frames' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('button', { name: /handler/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /preHandlerCallback/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /next/ })).toBeTruthy();
    fireEvent.click(toggle);
    expect(within(dialog).queryByRole('button', { name: /preHandlerCallback/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: '1 vendor frames' })).toBeTruthy();
  });

  it('shows the snippet of a frame chosen by click or keyboard', async () => {
    const user = userEvent.setup();
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: /main/ }));
    expect(highlightedLine(dialog)?.dataset.line).toBe('7');
    expect(highlightedLine(dialog)?.textContent).toContain('await app.listen();');

    fireEvent.click(within(dialog).getByRole('button', { name: '3 vendor frames' }));
    const vendor = within(dialog).getByRole('button', { name: /preHandlerCallback/ });
    act(() => vendor.focus());
    expect(document.activeElement).toBe(vendor);
    await user.keyboard('{Enter}');
    expect(vendor.getAttribute('aria-current')).toBe('true');
    expect(highlightedLine(dialog)?.dataset.line).toBe('13');
  });

  it('links Download log to the latest error log', async () => {
    const dialog = await open();
    const link = within(dialog).getByRole('link', { name: 'Download log' });
    expect(link.getAttribute('href')).toBe('/api/v1/logs/error/download-latest');
  });

  it('closes with the close button', async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
