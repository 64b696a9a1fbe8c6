import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ShellServices } from '../../shell/shell-services';
import { result } from '../../test/call-result';
import { renderScanScreen } from '../../test/render-screen';
import { workflowAnswer as answer } from './workflow.fixture';
import type { WorkflowAnswer, WorkflowCall, WorkflowItem, WorkflowRequest } from './workflow.types';
import { lineOf } from './workflow-route-table';
import type { WorkflowRoute } from './workflow-routes';
import { WorkflowScreen } from './workflow-screen';

// docs/DECISIONS.md "Packing", item actions per workflow: each screen's items offer only the
// buttons its server definition accepts in that state (receipt-cargo.rules.ts,
// packing.rules.ts); packing's sizes are chosen from a list and its packages weighed.

function fakeServer(replies: WorkflowAnswer[]) {
  const sent: WorkflowRequest[] = [];
  const process: WorkflowCall = async (request) => {
    sent.push(request);
    const reply = replies.shift();
    if (!reply) throw new Error('no reply left');
    return result(reply);
  };
  return { process, sent };
}

async function renderRoute(
  route: WorkflowRoute,
  process: WorkflowCall,
  services: Partial<ShellServices> = {},
) {
  const Screen = () => <WorkflowScreen line={lineOf(route)} process={process} />;
  const rendered = await renderScanScreen({
    path: `/${route}`,
    Screen,
    namespace: [route, 'workflow'],
    rootTestId: 'workflow-screen',
    services,
  });
  await rendered.waitView('ready');
  return rendered;
}

function item(over: Partial<WorkflowItem>): WorkflowItem {
  return {
    itemId: '1',
    kind: 'parcel',
    barcode: 'P480001',
    title: 'P480001',
    subtitle: null,
    location: null,
    quantity: 1,
    doneQuantity: 0,
    state: 'waiting',
    isCurrent: false,
    ...over,
  };
}

function buttonsOf(row: HTMLElement): string[] {
  return within(row)
    .queryAllByRole('button')
    .map((button) => button.dataset.testid ?? '');
}

describe('item buttons per workflow', () => {
  it('receipt of cargo: its places in WaitItem and WaitCount offer no button the server refuses', async () => {
    const places = [
      item({ itemId: '7', kind: 'cargo_unit', barcode: 'PL-0201-1', isCurrent: true }),
      item({ itemId: '8', kind: 'cargo_unit', barcode: 'PL-0201-2', state: 'done' }),
    ];
    for (const code of ['WaitItem', 'WaitCount'] as const) {
      const server = fakeServer([
        answer(
          { code, version: 3, prompt: { key: 'receiptPlace', params: { task: 'IN-0201' } } },
          { items: places },
        ),
      ]);
      await renderRoute('receipt-cargo', server.process);
      const rows = screen.getAllByTestId('workflow-item');
      expect(rows.map(buttonsOf)).toEqual([[], []]);
      cleanup();
    }
  });

  it('packing: a size chosen from the list is sent as its scan', async () => {
    const sizes = answer(
      {
        code: 'WaitContainerSize',
        version: 4,
        prompt: { key: 'packingSize', params: { order: 'ORD-0301', place: 1 } },
        expects: ['dt', 'container'],
      },
      {
        items: [
          item({ itemId: 'DIM-S', kind: 'dt', barcode: 'DIM-S', title: 'Короб S' }),
          item({ itemId: 'DIM-M', kind: 'dt', barcode: 'DIM-M', title: 'Короб M' }),
        ],
      },
    );
    const server = fakeServer([sizes, sizes]);
    await renderRoute('packing', server.process);
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'ORD-0301: упаковка 1 — отсканируйте или выберите типоразмер',
    );
    const rows = screen.getAllByTestId('workflow-item');
    expect(rows.map(buttonsOf)).toEqual([['workflow-item-choose'], ['workflow-item-choose']]);
    await userEvent.click(within(rows[1]!).getByTestId('workflow-item-choose'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.action).toEqual({ code: 'BarcodeScanned', barcode: 'DIM-M' });
  });

  it('packing: WaitItem items are packed by hand or taken out; WaitConfirm items offer nothing', async () => {
    const items = [
      item({ itemId: '101', state: 'done' }),
      item({ itemId: '102', barcode: 'P480002' }),
    ];
    const server = fakeServer([
      answer(
        {
          code: 'WaitItem',
          version: 5,
          prompt: {
            key: 'packingItem',
            params: { order: 'ORD-0301', place: 1, number: 245, size: 'Короб S', left: 1 },
          },
        },
        { items },
      ),
    ]);
    await renderRoute('packing', server.process);
    const rows = screen.getAllByTestId('workflow-item');
    expect(rows.map(buttonsOf)).toEqual([['workflow-item-revert'], ['workflow-item-confirm']]);
    cleanup();

    const confirm = fakeServer([
      answer(
        {
          code: 'WaitConfirm',
          version: 6,
          prompt: { key: 'packingConfirm', params: { order: 'ORD-0301', left: 1, packages: 1 } },
        },
        { items },
      ),
    ]);
    await renderRoute('packing', confirm.process);
    expect(screen.getAllByTestId('workflow-item').map(buttonsOf)).toEqual([[], []]);
    expect(screen.getByTestId('workflow-confirm')).toBeTruthy();
  });

  it('packing: WaitSizeAndPrint fills the package size, the scale gives the weight', async () => {
    const devices = {
      load: async () => ({ readStableWeight: async () => 1.25 }),
    } as unknown as ShellServices['devices'];
    const weigh = answer(
      {
        code: 'WaitSizeAndPrint',
        version: 7,
        prompt: {
          key: 'packingWeight',
          params: {
            order: 'ORD-0301',
            place: '1/2',
            number: 245,
            lengthCm: 30,
            widthCm: 20,
            heightCm: 15,
          },
        },
      },
      {
        items: [
          item({
            itemId: '77',
            kind: 'box',
            barcode: '_34717-245',
            title: '№ 245',
            isCurrent: true,
          }),
        ],
      },
    );
    const server = fakeServer([weigh, weigh]);
    await renderRoute('packing', server.process, { devices });
    expect(screen.getByTestId('prompt-main').textContent).toBe(
      'ORD-0301, упаковка 1/2 (короб 245): взвесьте и проверьте размеры',
    );
    expect((screen.getByTestId('workflow-measure-length') as HTMLInputElement).value).toBe('30');
    expect(screen.getAllByTestId('workflow-item').map(buttonsOf)).toEqual([[]]);
    await userEvent.click(screen.getByTestId('workflow-measure-scale'));
    await waitFor(() =>
      expect((screen.getByTestId('workflow-measure-weight') as HTMLInputElement).value).toBe(
        '1.25',
      ),
    );
    await userEvent.click(screen.getByTestId('workflow-measure-submit'));
    await waitFor(() => expect(server.sent).toHaveLength(2));
    expect(server.sent[1]?.action).toEqual({
      code: 'ConfirmItem',
      itemId: '77',
      measure: { lengthCm: 30, widthCm: 20, heightCm: 15, weightGrams: 1250 },
    });
  });
});
