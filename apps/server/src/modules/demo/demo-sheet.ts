// The printable demo sheet: every demo badge, warehouse, zone, a sample of
// cells and the demo parcels as barcodes a newcomer scans with a phone camera or types.
// Server-rendered HTML with inline SVG, no script: it prints the same from any browser.
import bwipjs from 'bwip-js/node';
import { DEFAULT_LOCALE, formatZoneBarcode, type Locale, type UserRole } from '@sorting/domain';
import {
  DEMO_BOXES,
  DEMO_DIMENSIONS,
  DEMO_INBOUNDS,
  DEMO_PARCELS,
  demoBoxBarcode,
  DEMO_USERS,
  DEMO_WAREHOUSES,
  DEMO_WORKPLACES,
  listDemoCells,
  type DemoCell,
  type DemoWarehouse,
} from '../../db/demo-data.js';
import { listDemoEntries, type DemoEntryKind } from '../../db/demo-entries.js';
import { DEMO_PICKING_CLIENTS } from '../../db/demo-picking-data.js';
import { DEMO_SHIPPED_ORDERS } from '../../db/demo-returns-data.js';

/** Public path of the sheet; /en/demo-sheet has English captions. */
export const DEMO_SHEET_PATH = '/demo-sheet';

type Text = Record<Locale, string>;

/** A page path in a locale: the default locale unprefixed, as the sign-in page. */
export function pathInLocale(path: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path}`;
}

/** One code on the sheet: what it encodes, a headline and a detail line. */
export interface DemoSheetItem {
  barcode: string;
  symbology: 'code128' | 'qrcode';
  title: string | Text;
  detail?: string | Text;
}

export interface DemoSheetSection {
  id: string;
  title: Text;
  hint: Text;
  items: DemoSheetItem[];
}

/** Anything the demo data lists with a barcode: a parcel, a box, a returnable box. */
export interface DemoScannable {
  barcode: string;
  name?: string | null;
  number?: string | number | null;
  description?: string | null;
}

const ROLE_TEXT: Record<UserRole, Text> = {
  worker: { ru: 'работник', en: 'worker' },
  supervisor: { ru: 'старший смены', en: 'supervisor' },
  administrator: { ru: 'администратор', en: 'administrator' },
};

/** Cells shown per zone: the first, the second and the last, enough to try a sort. */
const CELLS_PER_ZONE = 3;

function userItems(): DemoSheetItem[] {
  return DEMO_USERS.map((user) => {
    const roles = user.roles.map((role) => ROLE_TEXT[role]);
    const login = user.login ? ` · login ${user.login} / ${user.password ?? ''}` : '';
    return {
      barcode: user.badge,
      symbology: 'code128',
      title: user.name,
      detail: {
        ru: `${roles.map((role) => role.ru).join(', ')} · № ${user.number}${login.replace('login', 'логин')}`,
        en: `${roles.map((role) => role.en).join(', ')} · No. ${user.number}${login}`,
      },
    };
  });
}

function warehouseItems(): DemoSheetItem[] {
  return DEMO_WAREHOUSES.map((warehouse) => ({
    barcode: String(warehouse.number),
    symbology: 'code128',
    title: warehouse.name,
    detail: {
      ru: `код ${warehouse.code} · ${warehouse.sortingMode === 'SortingCenter' ? 'сортировочный центр' : 'склад'}`,
      en: `code ${warehouse.code} · ${warehouse.sortingMode === 'SortingCenter' ? 'sorting centre' : 'warehouse'}`,
    },
  }));
}

function zoneItems(): DemoSheetItem[] {
  return DEMO_WAREHOUSES.flatMap((warehouse) =>
    warehouse.zones.map((zone) => ({
      barcode: formatZoneBarcode(warehouse.number, zone.number),
      symbology: 'code128' as const,
      title: {
        ru: `Зона ${zone.number} «${zone.name}»`,
        en: `Zone ${zone.number} «${zone.name}»`,
      },
      detail: `${zone.type} · ${warehouse.name}`,
    })),
  );
}

function sampleCells(warehouse: DemoWarehouse): DemoSheetItem[] {
  return warehouse.zones.flatMap((zone) => {
    const cells = listDemoCells(warehouse, zone);
    // A Set: a zone of one or two cells would list the same cell twice.
    const sample = [...new Set([...cells.slice(0, CELLS_PER_ZONE - 1), cells.at(-1)])].filter(
      (cell): cell is DemoCell => cell !== undefined,
    );
    return sample.map((cell) => ({
      barcode: cell.barcode,
      symbology: 'code128' as const,
      title: { ru: `Ячейка ${cell.name}`, en: `Cell ${cell.name}` },
      detail: `${zone.type} · ${warehouse.name}`,
    }));
  });
}

/** Items for parcels, boxes or returnable boxes from a demo array. */
export function scannableItems(list: readonly DemoScannable[]): DemoSheetItem[] {
  return list.map((entry) => ({
    barcode: entry.barcode,
    symbology: 'code128',
    title: entry.name ?? (entry.number != null ? `№ ${entry.number}` : entry.barcode),
    ...(entry.description ? { detail: entry.description } : {}),
  }));
}

/**
 * The sections of the sheet, built from the demo data's exported arrays. Sections without
 * items are left out of the page.
 */
export function buildDemoSheetSections(): DemoSheetSection[] {
  const sections = baseSections();
  return [...sections, workflowSection(sections)];
}

/** The kinds of docs/DEMO.md's table a newcomer scans that the sections above may not hold. */
const WORKFLOW_KINDS: ReadonlySet<DemoEntryKind> = new Set([
  'parcel',
  'box',
  'recipient',
  'returnable-box',
  'cargo-unit',
  'goods-label',
]);

/**
 * The parcels, boxes, recipients and returnable boxes (the loading's pallets) of the table not
 * on the sheet yet: those the guided workflows' demo added (docs/DEMO.md), so the sheet holds
 * every one the table lists.
 */
function workflowSection(before: readonly DemoSheetSection[]): DemoSheetSection {
  const shown = new Set(before.flatMap((section) => section.items.map((item) => item.barcode)));
  const entries = listDemoEntries().filter(
    (entry) => WORKFLOW_KINDS.has(entry.kind) && !shown.has(entry.barcode),
  );
  return {
    id: 'workflows',
    title: { ru: 'Для пошаговых процессов', en: 'For the guided workflows' },
    hint: {
      ru: 'Размещение, консолидация, хранение, погрузка: docs/DEMO.md говорит, где что сканировать.',
      en: 'Placing, consolidation, storage, loading: docs/DEMO.md says where to scan each.',
    },
    items: entries.map((entry) => ({
      barcode: entry.barcode,
      symbology: 'code128',
      title: entry.barcode,
      detail: entry.description,
    })),
  };
}

function baseSections(): DemoSheetSection[] {
  return [
    {
      id: 'users',
      title: { ru: 'Пропуска сотрудников', en: 'Employee badges' },
      hint: {
        ru: 'Отсканируйте на странице входа, чтобы войти.',
        en: 'Scan on the sign-in page to sign in.',
      },
      items: userItems(),
    },
    {
      id: 'warehouses',
      title: { ru: 'Склады', en: 'Warehouses' },
      hint: { ru: 'Выбор склада сканированием.', en: 'Choose a warehouse by scanning.' },
      items: warehouseItems(),
    },
    {
      id: 'zones',
      title: { ru: 'Зоны', en: 'Zones' },
      hint: { ru: 'Выбор зоны сканированием.', en: 'Choose a zone by scanning.' },
      items: zoneItems(),
    },
    {
      id: 'cells',
      title: { ru: 'Ячейки (выборка)', en: 'Cells (a sample)' },
      hint: {
        ru: 'Первая, вторая и последняя ячейка каждой зоны; остальные по шаблону =склад-зона-ряд-место.',
        en: 'First, second and last cell of each zone; the others follow =warehouse-zone-row-col.',
      },
      items: DEMO_WAREHOUSES.flatMap(sampleCells),
    },
    {
      id: 'parcels',
      title: { ru: 'Посылки, короба и акты приёмки', en: 'Parcels, boxes and acceptance reports' },
      hint: { ru: 'Сканируйте при сортировке.', en: 'Scan while sorting.' },
      items: [
        ...scannableItems(
          DEMO_PARCELS.map((parcel) => ({
            barcode: parcel.number,
            name: parcel.name,
            description: `${parcel.sortingName}; ${parcel.note}`,
          })),
        ),
        ...scannableItems(
          DEMO_BOXES.map((box) => ({
            barcode: demoBoxBarcode(box),
            number: box.number,
            description: box.sortingKey,
          })),
        ),
        ...scannableItems(
          DEMO_INBOUNDS.map((inbound) => ({
            barcode: inbound.acceptanceBarcode,
            name: inbound.senderName,
            description: inbound.number,
          })),
        ),
      ],
    },
    {
      id: 'dimensions',
      title: { ru: 'Типоразмеры', en: 'Dimension types' },
      hint: {
        ru: 'Заполняют размеры при измерении и на экране оборотной тары; справочник — /dimensions.',
        en: 'Fill in the sizes when measuring and on the returnable boxes screen; directory at /dimensions.',
      },
      items: scannableItems(
        DEMO_DIMENSIONS.map((dimension) => ({
          barcode: dimension.barcode,
          name: dimension.name,
          description: `${dimension.length}x${dimension.width}x${dimension.height}; ${dimension.warehouseCode ?? '*'}`,
        })),
      ),
    },
    {
      id: 'returns',
      title: { ru: 'Отправления для возврата', en: 'Shipped parcels to return' },
      hint: {
        ru: 'Отсканируйте на экране возвратов (склад 34717).',
        en: 'Scan on the returns screen (warehouse 34717).',
      },
      items: scannableItems(
        DEMO_SHIPPED_ORDERS.map((order) => ({
          barcode: order.parcelBarcode,
          name: order.items.map((item) => item.name).join(', '),
          description: order.note,
        })),
      ),
    },
    {
      id: 'recipients',
      title: { ru: 'Получатели (выдача)', en: 'Recipients (pick-up)' },
      hint: {
        ru: 'На экране выдачи: код получателя или штрихкод его посылки.',
        en: 'On the pick-up screen: a recipient code or a barcode of one of its parcels.',
      },
      items: scannableItems(
        DEMO_PICKING_CLIENTS.map((client) => ({
          barcode: client.code,
          name: client.name,
          description: `${client.parcels.map((parcel) => parcel.number).join(', ')}; ${client.note}`,
        })),
      ),
    },
    {
      id: 'workplaces',
      title: { ru: 'Рабочие места (учёт времени)', en: 'Workplaces (time tracking)' },
      hint: {
        ru: 'На экране учёта времени: сначала рабочее место, затем бейджи сотрудников.',
        en: 'On the time tracking screen: the workplace first, then employee badges.',
      },
      items: scannableItems(
        DEMO_WORKPLACES.map((workplace) => ({
          barcode: workplace.cellBarcode,
          name: workplace.name,
        })),
      ),
    },
  ];
}

const PAGE_TEXT = {
  title: { ru: 'Демо-штрихкоды', en: 'Demo barcodes' },
  intro: {
    ru: 'Распечатайте на A4 или откройте на другом экране и сканируйте камерой телефона или сканером. Текст под кодом можно ввести вручную.',
    en: 'Print on A4 or open on another screen and scan with a phone camera or a scanner. The text under each code can be typed instead.',
  },
  signIn: { ru: 'К странице входа', en: 'To the sign-in page' },
  otherLanguage: { ru: 'English', en: 'Русский' },
  print: { ru: 'Печать: Ctrl+P', en: 'Print: Ctrl+P' },
} satisfies Record<string, Text>;

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

function localize(text: string | Text, locale: Locale): string {
  return typeof text === 'string' ? text : text[locale];
}

/** The code as inline SVG: bars only, the typeable text is printed by the page. */
export function renderBarcodeSvg(item: Pick<DemoSheetItem, 'barcode' | 'symbology'>): string {
  const svg = bwipjs.toSVG({
    bcid: item.symbology,
    text: item.barcode,
    scale: 3,
    // Code128 bar height in mm at scale 1; a QR is square.
    ...(item.symbology === 'code128' ? { height: 12 } : {}),
    // The quiet zone (10 modules for Code128, 4 for QR) is part of the image, so a camera
    // sees it even when cards sit close together.
    paddingwidth: item.symbology === 'code128' ? 10 : 4,
    paddingheight: item.symbology === 'code128' ? 2 : 4,
    backgroundcolor: 'FFFFFF',
  });
  return svg.trim().replace('<svg ', `<svg role="img" aria-label="${escapeHtml(item.barcode)}" `);
}

const STYLE = `
@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0 auto; max-width: 190mm; color: #000; background: #fff; padding: 4mm; }
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: 2mm 6mm; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
h2 { font-size: 15pt; margin: 6mm 0 1mm; break-after: avoid; }
nav a { margin-left: 4mm; }
.hint, .intro { margin: 0 0 3mm; font-size: 10pt; }
.hint { break-after: avoid; }
.codes { display: grid; grid-template-columns: repeat(auto-fill, minmax(88mm, 1fr)); gap: 4mm; list-style: none; margin: 0; padding: 0; }
.code { border: 0.3mm dashed #888; border-radius: 2mm; padding: 3mm; break-inside: avoid; page-break-inside: avoid; }
.code svg { display: block; width: 100%; height: auto; max-height: 30mm; }
.code.qrcode svg { width: 30mm; margin: 0 auto; }
.text { font-family: "DejaVu Sans Mono", Consolas, monospace; font-size: 15pt; text-align: center; margin: 1mm 0; letter-spacing: 0.05em; user-select: all; }
.title { font-weight: bold; font-size: 11pt; margin: 0; }
.detail { font-size: 9pt; margin: 0.5mm 0 0; color: #333; }
@media print { nav, .print { display: none; } body { padding: 0; } }
`;

function renderItem(item: DemoSheetItem, locale: Locale): string {
  const detail = item.detail
    ? `<p class="detail">${escapeHtml(localize(item.detail, locale))}</p>`
    : '';
  return (
    `<li class="code ${item.symbology}" data-barcode="${escapeHtml(item.barcode)}">` +
    renderBarcodeSvg(item) +
    `<p class="text">${escapeHtml(item.barcode)}</p>` +
    `<p class="title">${escapeHtml(localize(item.title, locale))}</p>${detail}</li>`
  );
}

function renderSection(section: DemoSheetSection, locale: Locale): string {
  return (
    `<section id="${escapeHtml(section.id)}"><h2>${escapeHtml(section.title[locale])}</h2>` +
    `<p class="hint">${escapeHtml(section.hint[locale])}</p>` +
    `<ul class="codes">${section.items.map((item) => renderItem(item, locale)).join('\n')}</ul></section>`
  );
}

/** The whole page in the locale; sections without items are left out. */
export function renderDemoSheetHtml(sections: DemoSheetSection[], locale: Locale): string {
  const other: Locale = locale === 'ru' ? 'en' : 'ru';
  const body = sections
    .filter((section) => section.items.length > 0)
    .map((section) => renderSection(section, locale))
    .join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(PAGE_TEXT.title[locale])}</title>
<style>${STYLE}</style>
</head>
<body>
<header><h1>${escapeHtml(PAGE_TEXT.title[locale])}</h1>
<nav><a href="${pathInLocale('/user-auth', locale)}">${escapeHtml(PAGE_TEXT.signIn[locale])}</a><a href="${pathInLocale(DEMO_SHEET_PATH, other)}" hreflang="${other}" lang="${other}">${escapeHtml(PAGE_TEXT.otherLanguage[locale])}</a></nav></header>
<p class="intro">${escapeHtml(PAGE_TEXT.intro[locale])} <span class="print">${escapeHtml(PAGE_TEXT.print[locale])}</span></p>
${body}
</body>
</html>
`;
}
