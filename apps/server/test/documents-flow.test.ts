import { generateKeyPairSync, verify } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENTS_FLOW_ROUTES,
  fillPath,
  type TDocumentFlowItem,
  type TDocumentSigned,
  type TDocumentsSearchRequest,
} from '@sorting/contracts';
import { DEMO_DOCUMENTS, DEMO_INNER_CONTRAGENT } from '../src/db/demo-documents-data.js';
import {
  contragents,
  documentContragents,
  documents,
  events,
  signatures,
  users,
} from '../src/db/schema.js';
import {
  SIGNING_KEY_FILE,
  createDocumentSigner,
} from '../src/modules/documents-flow/document-signer.js';
import { makeTempDir } from './helpers.js';
import { WEB_HEADERS, createSessionTestApp } from './sessions.js';
import { BADGES, newOperationId, signInClient, type SortingClient } from './sorting-client.js';

// spec part 2 §3 "Document flow item", §4 "Document flow states", §5, §7 "Document
// flow", §9 (docs/DECISIONS.md "Document flow"): the demo documents of demo-documents-data.ts.

const SEARCH = DOCUMENTS_FLOW_ROUTES.search.path;
const DAY_MS = 86_400_000;

/** Админов Олег (administrator of 34717); this file takes his sorting centre away. */
const NO_CENTRE_BADGE = '~A3001-5RZ6';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const SIGNING_KEY = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

let context: Awaited<ReturnType<typeof createSessionTestApp>>;
let worker: SortingClient;
let otherWorker: SortingClient;
/** Козлов Дмитрий, made a user of sorting centre 1201 here. */
let otherCentre: SortingClient;
let withoutCentre: SortingClient;
const ids = new Map<string, number>();

/** A range around the demo documents, which the seed dates days before the real now. */
const wide = {
  dateBegin: new Date(Date.now() - 30 * DAY_MS).toISOString(),
  dateEnd: new Date(Date.now() + DAY_MS).toISOString(),
};

beforeAll(async () => {
  context = await createSessionTestApp({ DOCUMENT_SIGNING_KEY: SIGNING_KEY });
  const db = context.database.db;
  await db.update(users).set({ sortingCenterId: 1201 }).where(eq(users.number, 1101));
  await db.update(users).set({ sortingCenterId: null }).where(eq(users.number, 3001));
  worker = await signInClient(context.app, BADGES.worker, () => 0);
  otherWorker = await signInClient(context.app, BADGES.otherWorker, () => 0);
  otherCentre = await signInClient(context.app, BADGES.foreignWorker, () => 0);
  withoutCentre = await signInClient(context.app, NO_CENTRE_BADGE, () => 0);
  for (const row of await db.select().from(documents)) ids.set(row.number, row.id);
});

afterAll(async () => {
  await context?.close();
});

function idOf(number: string): number {
  const id = ids.get(number);
  if (id === undefined) throw new Error(`no demo document ${number}`);
  return id;
}

async function search(client: SortingClient, body: TDocumentsSearchRequest) {
  const response = await client.call('POST', SEARCH, body);
  const answer = response.json();
  expect(response.statusCode, response.body).toBe(200);
  expect(answer).toMatchObject({ isSuccess: true, errorCode: null });
  return answer.operationObject as TDocumentFlowItem[];
}

const numbersOf = (items: TDocumentFlowItem[]) => items.map((item) => item.number);

function act(
  client: SortingClient,
  action: 'sign' | 'validate',
  number: string | number,
  operationId = newOperationId(),
) {
  const documentId = typeof number === 'number' ? number : idOf(number);
  return client.call(
    'POST',
    fillPath(DOCUMENTS_FLOW_ROUTES[action].path, { documentId }),
    undefined,
    operationId,
  );
}

/** A refused envelope (HTTP 200, camelCase) with its errorCode; answers its message. */
function refusedWith(response: { statusCode: number; body: string }, errorCode: number): string {
  expect(response.statusCode, response.body).toBe(200);
  const body = JSON.parse(response.body);
  expect(body, response.body).toMatchObject({ isSuccess: false, errorCode, operationObject: null });
  return body.message as string;
}

/** What a refusal must leave alone: documents, signatures and events. */
async function snapshot() {
  const db = context.database.db;
  const [d, s, e] = await Promise.all([
    db.select().from(documents).orderBy(documents.id),
    db.select().from(signatures).orderBy(signatures.id),
    db.select({ n: sql<number>`count(*)::int` }).from(events),
  ]);
  return { d, s, e };
}

const centreDocuments = DEMO_DOCUMENTS.filter((document) => document.sortingCenterId === 34717);

describe('POST /documentsflow-api/Documents/search', () => {
  it("answers the centre's documents, documentId descending, camelCase", async () => {
    const found = await search(worker, { states: [], searchString: null, ...wide });
    expect(numbersOf(found)).toEqual(centreDocuments.map((d) => d.number).reverse());
    const ids = found.map((item) => item.documentId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = found[0]!;
    expect(first).toMatchObject({
      documentId: idOf('ДФ-0001'),
      number: 'ДФ-0001',
      typeName: 'акт приёма-передачи',
      direction: 'in',
      sum: 125_400.5,
      state: 1,
    });
    expect(Date.now() - Date.parse(first.documentDate)).toBeGreaterThan(DAY_MS - 60_000);
    expect(first.contragents).toEqual([
      { type: 'inner', name: DEMO_INNER_CONTRAGENT.name, contragentId: expect.any(Number) },
      { type: 'out', name: 'ООО Автодеталь', contragentId: expect.any(Number) },
    ]);
  });

  it('filters by states; absent or empty states are all of them', async () => {
    expect(numbersOf(await search(worker, { states: [1, 2], ...wide }))).toEqual([
      'ДФ-0001',
      'ДФ-0002',
      'ДФ-0003',
      'ДФ-0004',
      'ДФ-0005',
      'ДФ-0008',
    ]);
    expect(numbersOf(await search(worker, { states: [7], ...wide }))).toEqual(['ДФ-0007']);
    expect(numbersOf(await search(worker, { states: [3, 7], ...wide }))).toEqual([
      'ДФ-0006',
      'ДФ-0007',
    ]);
    expect(await search(worker, { ...wide })).toHaveLength(centreDocuments.length);
  });

  it('matches the text in the number, the type or a contragent’s name', async () => {
    const byText = async (searchString: string) =>
      numbersOf(await search(worker, { states: [], searchString, ...wide }));
    expect(await byText('0003')).toEqual(['ДФ-0003']);
    expect(await byText('сверки')).toEqual(['ДФ-0004']);
    expect(await byText('ТрансЛог')).toEqual(['ДФ-0002', 'ДФ-0004', 'ДФ-0006']);
    expect(await byText('Смирнов')).toEqual(['ДФ-0008']);
    // LIKE's wildcards are text: '%' and '_' match only themselves.
    expect(await byText('%')).toEqual([]);
    expect(await byText('_')).toEqual([]);
  });

  it('keeps to the date range; without dates, the last 6 days of the clock', async () => {
    const db = context.database.db;
    const now = context.clock.now().getTime();
    const inserted = await db
      .insert(documents)
      .values(
        [
          ['T-RECENT', 2],
          ['T-EDGE', 5.9],
          ['T-OLD', 6.1],
        ].map(([number, days]) => ({
          sortingCenterId: 34717,
          number: number as string,
          typeName: 'тест',
          direction: 'in' as const,
          documentDate: new Date(now - (days as number) * DAY_MS),
          sumKopecks: 100,
          state: 1,
        })),
      )
      .returning({ id: documents.id });
    try {
      expect(numbersOf(await search(worker, { states: [1, 2] }))).toEqual(['T-EDGE', 'T-RECENT']);
      expect(
        numbersOf(await search(worker, { states: null, dateBegin: null, dateEnd: null })),
      ).toEqual(['T-EDGE', 'T-RECENT']);
      const older = await search(worker, {
        dateBegin: new Date(now - 7 * DAY_MS).toISOString(),
        dateEnd: new Date(now).toISOString(),
      });
      expect(numbersOf(older)).toEqual(['T-OLD', 'T-EDGE', 'T-RECENT']);
      // The demo documents (dated by the real clock) are outside; ДФ-0008 is 10 days old.
      const tenDays = await search(worker, {
        dateBegin: new Date(Date.now() - 9 * DAY_MS).toISOString(),
        dateEnd: wide.dateEnd,
      });
      expect(numbersOf(tenDays)).not.toContain('ДФ-0008');
      expect(numbersOf(tenDays)).toContain('ДФ-0007');
    } finally {
      await db.delete(documents).where(
        inArray(
          documents.id,
          inserted.map((row) => row.id),
        ),
      );
    }
  });

  it('pages with page and pageSize (ours)', async () => {
    const all = numbersOf(await search(worker, { ...wide }));
    expect(numbersOf(await search(worker, { ...wide, page: 2, pageSize: 3 }))).toEqual(
      all.slice(3, 6),
    );
    expect(numbersOf(await search(worker, { ...wide, page: 1, pageSize: 40 }))).toEqual(all);
    expect(await search(worker, { ...wide, page: 9, pageSize: 40 })).toEqual([]);
  });

  it('refuses a begin after the end, a range over 366 days and bad fields (400)', async () => {
    const bad: unknown[] = [
      { dateBegin: wide.dateEnd, dateEnd: wide.dateBegin },
      { dateBegin: '2025-01-01T00:00:00Z', dateEnd: '2026-03-01T00:00:00Z' },
      { dateBegin: '2026-13-01' },
      { states: ['1'] },
      { states: [-1] },
      { states: [2 ** 31] },
      { searchString: 'a\u0000b' },
      { searchString: 'x'.repeat(101) },
      { page: 0 },
      { pageSize: 201 },
    ];
    for (const body of bad) {
      const response = await worker.call('POST', SEARCH, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ isSuccess: false, errorCode: 400 });
    }
  });

  it('keeps each centre to its documents; a user of no centre has none', async () => {
    expect(numbersOf(await search(otherCentre, { ...wide }))).toEqual(['ДФ-1201-01']);
    expect(numbersOf(await search(worker, { searchString: '1201', ...wide }))).toEqual([]);
    expect(await search(withoutCentre, { ...wide })).toEqual([]);
  });
});

describe('POST /documentsflow-api/documents/{documentId}/sign', () => {
  it('signs an incoming state-1 document for its inner contragent: verifiable, state 2, one event', async () => {
    const operationId = newOperationId();
    const response = await act(worker, 'sign', 'ДФ-0001', operationId);
    const body = response.json();
    expect(body, response.body).toMatchObject({ isSuccess: true, isRepeat: false });
    const signed = body.operationObject as TDocumentSigned;
    const db = context.database.db;
    const [inner] = await db
      .select()
      .from(contragents)
      .where(eq(contragents.name, DEMO_INNER_CONTRAGENT.name));
    expect(signed.document).toMatchObject({ number: 'ДФ-0001', state: 2 });
    expect(signed.signature).toMatchObject({ signId: inner!.id, algorithm: 'Ed25519' });
    expect(signed.signature.keyId).toMatch(/^[0-9a-f]{64}$/);

    const [stored] = await db
      .select()
      .from(signatures)
      .where(eq(signatures.documentId, idOf('ДФ-0001')));
    const [user] = await db.select().from(users).where(eq(users.number, 1001));
    expect(stored).toMatchObject({
      contragentId: inner!.id,
      userId: user!.id,
      algorithm: 'Ed25519',
      signature: signed.signature.value,
      keyId: signed.signature.keyId,
    });
    expect(stored!.signedAt.toISOString()).toBe(signed.signature.signedAt);
    // The organisation's public key verifies the signature over the stored content ...
    const value = Buffer.from(stored!.signature, 'base64');
    expect(verify(null, Buffer.from(stored!.content), publicKey, value)).toBe(true);
    // ... which is the document as it was signed, and nothing else verifies.
    expect(JSON.parse(stored!.content)).toMatchObject({
      documentId: idOf('ДФ-0001'),
      number: 'ДФ-0001',
      direction: 'in',
      sumKopecks: 12_540_050,
      signId: inner!.id,
      signerUserId: user!.id,
    });
    const forged = stored!.content.replace('12540050', '12540051');
    expect(verify(null, Buffer.from(forged), publicKey, value)).toBe(false);

    const [document] = await db
      .select()
      .from(documents)
      .where(eq(documents.id, idOf('ДФ-0001')));
    expect(document!.state).toBe(2);
    const signedEvents = await db.select().from(events).where(eq(events.kind, 'document.signed'));
    expect(signedEvents).toHaveLength(1);
    expect(signedEvents[0]!.payload).toMatchObject({ documentId: idOf('ДФ-0001') });

    // A replay answers the stored answer and signs nothing more.
    const replay = (await act(worker, 'sign', 'ДФ-0001', operationId)).json();
    expect(replay).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(replay.operationObject).toEqual(signed);
    expect(
      await db
        .select()
        .from(signatures)
        .where(eq(signatures.documentId, idOf('ДФ-0001'))),
    ).toHaveLength(1);

    // The search shows the new state.
    const [found] = await search(worker, { searchString: 'ДФ-0001', ...wide });
    expect(found).toMatchObject({ state: 2 });
  });

  it('refuses with ErrorCode 1 and the reason what is not an incoming state-1 document', async () => {
    const before = await snapshot();
    expect(refusedWith(await act(otherWorker, 'sign', 'ДФ-0001'), 1)).toBe(
      'Документ ДФ-0001 уже подписан',
    );
    expect(refusedWith(await act(worker, 'sign', 'ДФ-0003'), 1)).toContain('исходящий');
    expect(refusedWith(await act(worker, 'sign', 'ДФ-0006'), 1)).toContain('завершён');
    expect(refusedWith(await act(worker, 'sign', 'ДФ-0007'), 1)).toContain('исходящий');
    expect(refusedWith(await act(worker, 'sign', 'ДФ-0004'), 1)).toContain('уже подписан');
    expect(await snapshot()).toEqual(before);
  });

  it('answers 104 for an unknown or another centre’s document, in English too', async () => {
    const before = await snapshot();
    expect(refusedWith(await act(worker, 'sign', 999_999), 104)).toContain('999999');
    refusedWith(await act(worker, 'sign', 'ДФ-1201-01'), 104);
    refusedWith(await act(otherCentre, 'sign', 'ДФ-0002'), 104);
    refusedWith(await act(withoutCentre, 'sign', 'ДФ-0002'), 104);
    refusedWith(await act(otherCentre, 'validate', 'ДФ-0004'), 104);
    const english = await context.app.inject({
      method: 'POST',
      url: fillPath(DOCUMENTS_FLOW_ROUTES.sign.path, { documentId: idOf('ДФ-0003') }),
      headers: { ...WEB_HEADERS, 'accept-language': 'en', 'x-operation-id': newOperationId() },
      cookies: { sorting_session: worker.token },
    });
    expect(refusedWith(english, 1)).toBe('Document ДФ-0003 is outgoing: its recipient signs it');
    expect(await snapshot()).toEqual(before);
  });

  it('lets one of two racing signs sign; the other is refused', async () => {
    const answers = await Promise.all([
      act(worker, 'sign', 'ДФ-0002'),
      act(otherWorker, 'sign', 'ДФ-0002'),
    ]);
    const bodies = answers.map((response) => response.json());
    expect(bodies.filter((body) => body.isSuccess === true)).toHaveLength(1);
    const refused = bodies.filter((body) => body.isSuccess === false);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ errorCode: 1 });
    const rows = await context.database.db
      .select()
      .from(signatures)
      .where(eq(signatures.documentId, idOf('ДФ-0002')));
    expect(rows).toHaveLength(1);
  });

  it('signs for the other centre its own document', async () => {
    const response = await act(otherCentre, 'sign', 'ДФ-1201-01');
    expect(response.json()).toMatchObject({
      isSuccess: true,
      operationObject: { document: { state: 2 } },
    });
  });
});

describe('POST /documentsflow-api/documents/{documentId}/validate', () => {
  it('confirms receipt of the signature of a state-2 document: state 3, who and when, one event', async () => {
    const operationId = newOperationId();
    const response = await act(otherWorker, 'validate', 'ДФ-0004', operationId);
    const body = response.json();
    expect(body, response.body).toMatchObject({
      isSuccess: true,
      isRepeat: false,
      operationObject: { number: 'ДФ-0004', state: 3, direction: 'in' },
    });
    const db = context.database.db;
    const [document] = await db
      .select()
      .from(documents)
      .where(eq(documents.id, idOf('ДФ-0004')));
    const [user] = await db.select().from(users).where(eq(users.number, 1002));
    expect(document).toMatchObject({ state: 3, validatedBy: user!.id });
    expect(document!.validatedAt).not.toBeNull();
    const validated = await db.select().from(events).where(eq(events.kind, 'document.validated'));
    expect(validated).toHaveLength(1);

    const replay = (await act(otherWorker, 'validate', 'ДФ-0004', operationId)).json();
    expect(replay).toMatchObject({ isSuccess: true, isRepeat: true });
    expect(
      await db.select().from(events).where(eq(events.kind, 'document.validated')),
    ).toHaveLength(1);
  });

  it('validates an outgoing state-2 document and a signed one', async () => {
    for (const number of ['ДФ-0005', 'ДФ-0001']) {
      const body = (await act(worker, 'validate', number)).json();
      expect(body, number).toMatchObject({ isSuccess: true, operationObject: { state: 3 } });
    }
  });

  it('refuses any other state with ErrorCode 1, changing nothing', async () => {
    const before = await snapshot();
    expect(refusedWith(await act(worker, 'validate', 'ДФ-0003'), 1)).toContain('в состоянии 1');
    expect(refusedWith(await act(worker, 'validate', 'ДФ-0006'), 1)).toContain('завершён');
    expect(refusedWith(await act(worker, 'validate', 'ДФ-0007'), 1)).toContain('в состоянии 7');
    refusedWith(await act(worker, 'validate', 999_999), 104);
    expect(await snapshot()).toEqual(before);
  });
});

describe('the document flow calls', () => {
  it('answer 401 without a session, never 404', async () => {
    for (const url of [
      SEARCH,
      fillPath(DOCUMENTS_FLOW_ROUTES.sign.path, { documentId: 1 }),
      fillPath(DOCUMENTS_FLOW_ROUTES.validate.path, { documentId: 1 }),
    ]) {
      const response = await context.app.inject({ method: 'POST', url, headers: WEB_HEADERS });
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ isSuccess: false, errorCode: 401 });
    }
  });

  it('a document keeps its contragents in their own rows', async () => {
    const rows = await context.database.db
      .select()
      .from(documentContragents)
      .where(eq(documentContragents.documentId, idOf('ДФ-0002')));
    expect(rows.map((row) => row.type).sort()).toEqual(['inner', 'out']);
  });
});

describe('the signing key', () => {
  it('without DOCUMENT_SIGNING_KEY is made once in DATA_DIR, private, and kept', () => {
    const temp = makeTempDir('sorting-signing-');
    try {
      const first = createDocumentSigner({ signingKey: null, dataDir: temp.dir })();
      const file = path.join(temp.dir, SIGNING_KEY_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const again = createDocumentSigner({ signingKey: null, dataDir: temp.dir })();
      expect(again.keyId).toBe(first.keyId);
      const signature = Buffer.from(first.sign('текст'), 'base64');
      expect(verify(null, Buffer.from('текст'), first.publicKeyPem, signature)).toBe(true);
    } finally {
      temp.remove();
    }
  });

  it('takes a configured key in PEM or base64 DER, and refuses a key that is not Ed25519', () => {
    const pem = createDocumentSigner({ signingKey: SIGNING_KEY, dataDir: '/nonexistent' })();
    const der = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const fromDer = createDocumentSigner({ signingKey: der, dataDir: '/nonexistent' })();
    expect(fromDer.keyId).toBe(pem.keyId);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(() =>
      createDocumentSigner({ signingKey: rsa.toString(), dataDir: '/nonexistent' }),
    ).toThrow(/Ed25519/);
  });
});
