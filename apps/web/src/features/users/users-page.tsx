import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  USERS_PAGE_SIZE,
  type TCreatedUser,
  type TSortingCenterUser,
  type TUsersPage,
} from '@sorting/contracts';
import { api } from '../../lib/api';
import type { ApiResult } from '../../lib/api-client';
import { newOperationId } from '../../lib/operation-id';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import {
  controlStyles,
  ListSection,
  NoData,
  Page,
  type PrintOutcome,
  type PrintRequest,
  tableStyles,
  usePrint,
  useShellServices,
} from '../../shell';
// Not through the shell's index: only lazy pages use it, so it stays out of the first screen.
import { ConfirmDialog } from '../../shell/dialog/confirm-dialog';
import { CreatedPanel } from '../../shell/layout/created-panel';
import { UnlockSignInButton } from './unlock-sign-in-button';
import { createUsersService, type UsersCalls } from './users.service';
import styles from './users-page.module.css';

/** f-codes of the users catalogue (spec part 1 §8 "Users"). */
type UsersCode = 'f-002' | 'f-003' | 'f-006' | 'f-007';

/** Spec part 1 §6: HTTP 401 or 403 is the no-access message f-007. */
function codeOf(result: { status: number } | null, code: UsersCode): UsersCode {
  return result && (result.status === 401 || result.status === 403) ? 'f-007' : code;
}

/** A failed call: its f-code and the server's reason when it gave one. */
class UsersCallError extends Error {
  constructor(
    readonly code: UsersCode,
    readonly reason: string | null,
  ) {
    super(code);
  }
}

/** The value of a successful call, or a UsersCallError with the call's f-code. */
async function valueOf<T>(call: Promise<ApiResult<T>>, code: UsersCode): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await call;
  } catch {
    throw new UsersCallError(code, null);
  }
  if (!result.isSuccess || result.operationObject === null)
    throw new UsersCallError(codeOf(result, code), result.message);
  return result.operationObject;
}

/** The label of a badge sticker: template `user`, barcode = the badge, name and number. */
export function badgeLabel(user: TCreatedUser & { badge: string }): PrintRequest {
  return {
    barcodeName: 'user',
    barcodeData: [
      { name: 'barcode', value: user.badge },
      { name: 'name', value: user.name },
      { name: 'number', value: String(user.number) },
    ],
    copies: 1,
  };
}

/** The users screen over the given calls and printer (spec part 1 §2 "Users"). */
export function UsersScreen(props: {
  calls: UsersCalls;
  print: (request: PrintRequest) => Promise<PrintOutcome>;
}) {
  const { t } = useTranslation('users');
  const { toasts } = useShellServices();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  // A badge just issued (new user or reissue): shown and printable only now.
  const [created, setCreated] = useState<
    (TCreatedUser & { badge: string; isReissue: boolean }) | null
  >(null);
  const [toReissue, setToReissue] = useState<TSortingCenterUser | null>(null);
  const [isReissuing, setIsReissuing] = useState(false);
  const [isPrinting, setIsPrinting] = useState(false);
  const [toDelete, setToDelete] = useState<TSortingCenterUser | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const textOf = (error: unknown, fallback: UsersCode): string => {
    const code = error instanceof UsersCallError ? error.code : fallback;
    const reason = error instanceof UsersCallError ? error.reason : null;
    // f-007 says it all; the server's "Forbidden" adds nothing.
    return reason && code !== 'f-007' ? t('withReason', { text: t(code), reason }) : t(code);
  };
  const notifyError = (error: unknown, fallback: UsersCode) =>
    toasts.notify({ status: 'error', content: textOf(error, fallback) });

  const list = useQuery<TUsersPage, UsersCallError>({
    queryKey: ['users', 'list', page, search],
    queryFn: () =>
      valueOf(props.calls.list({ page, pageSize: USERS_PAGE_SIZE, search }), 'f-002').catch(
        (error: unknown) => {
          notifyError(error, 'f-002');
          throw error;
        },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchText.trim());
    setPage(1);
  };

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || isAdding) return;
    setIsAdding(true);
    try {
      const user = await valueOf(
        props.calls.create({ name: trimmed, operationId: newOperationId() }),
        'f-003',
      );
      setName('');
      toasts.notify({ status: 'ok', content: t('added', { name: user.name }) });
      // The badge is in this answer only (the server keeps its hash): offer printing now.
      if (user.badge) setCreated({ ...user, badge: user.badge, isReissue: false });
      await refresh();
    } catch (error) {
      notifyError(error, 'f-003');
    } finally {
      setIsAdding(false);
    }
  };

  const onPrint = async () => {
    if (!created || isPrinting) return;
    setIsPrinting(true);
    try {
      const outcome = await props.print(badgeLabel(created));
      // No printer and failures are toasted by the printer itself.
      if (outcome.status === 'printed') toasts.notify({ status: 'ok', content: t('badgePrinted') });
    } finally {
      setIsPrinting(false);
    }
  };

  const onDelete = async () => {
    if (!toDelete || isDeleting) return;
    setIsDeleting(true);
    try {
      await valueOf(
        props.calls.remove({ userId: toDelete.userId, operationId: newOperationId() }),
        'f-006',
      );
      toasts.notify({ status: 'ok', content: t('deleted', { name: toDelete.name }) });
      setToDelete(null);
      await refresh();
    } catch (error) {
      notifyError(error, 'f-006');
    } finally {
      setIsDeleting(false);
    }
  };

  const onReissue = async () => {
    if (!toReissue || isReissuing) return;
    setIsReissuing(true);
    try {
      const user = await valueOf(
        props.calls.reissueBadge({ userId: toReissue.userId, operationId: newOperationId() }),
        'f-003',
      );
      setToReissue(null);
      toasts.notify({ status: 'ok', content: t('reissued', { name: user.name }) });
      if (user.badge) setCreated({ ...user, badge: user.badge, isReissue: true });
    } catch (error) {
      const code = error instanceof UsersCallError ? error.code : null;
      const reason = error instanceof UsersCallError ? error.reason : null;
      const text = code === 'f-007' ? t('f-007') : t('reissueFailed');
      toasts.notify({
        status: 'error',
        content: reason && code !== 'f-007' ? t('withReason', { text, reason }) : text,
      });
    } finally {
      setIsReissuing(false);
    }
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCount / USERS_PAGE_SIZE)) : 1;
  const listError = list.error;
  const isDenied = listError?.code === 'f-007';

  return (
    <Page title={t('title')} testId="users">
      <div className={styles.screen} data-testid="users-screen" aria-busy={list.isFetching}>
        {isDenied ? (
          <NoData text={t('f-007')} code={listError?.code} />
        ) : (
          <>
            <form className={styles.row} role="search" onSubmit={onSearch}>
              <label className={`${controlStyles.field} ${styles.grow}`}>
                {t('search')}
                <input
                  className={controlStyles.input}
                  data-testid="users-search"
                  type="search"
                  value={searchText}
                  onChange={(event) => setSearchText(event.target.value)}
                />
              </label>
              <button
                type="submit"
                className={controlStyles.button}
                data-testid="users-search-submit"
              >
                {t('searchButton')}
              </button>
            </form>

            <form className={styles.row} aria-label={t('addTitle')} onSubmit={onAdd}>
              <label className={`${controlStyles.field} ${styles.grow}`}>
                {t('name')}
                <input
                  className={controlStyles.input}
                  data-testid="user-name"
                  value={name}
                  maxLength={100}
                  autoComplete="off"
                  onChange={(event) => setName(event.target.value)}
                />
              </label>
              <button
                type="submit"
                className={controlStyles.primary}
                data-testid="user-add"
                disabled={isAdding || name.trim() === ''}
              >
                {isAdding ? t('adding') : t('add')}
              </button>
            </form>

            {created ? (
              <CreatedPanel
                testId="new-user"
                title={created.isReissue ? t('reissuedTitle') : t('newUserTitle')}
                print={{
                  testId: 'print-badge',
                  label: isPrinting ? t('printing') : t('printBadge'),
                  disabled: isPrinting,
                  onClick: () => void onPrint(),
                }}
                done={{
                  testId: 'new-user-done',
                  label: t('done'),
                  onClick: () => setCreated(null),
                }}
              >
                <p data-testid="new-user-name">
                  {t('newUserName', { name: created.name, number: created.number })}
                </p>
                <p className={styles.badge} data-testid="new-user-badge">
                  {created.badge}
                </p>
                <p>{t('newUserHint')}</p>
              </CreatedPanel>
            ) : null}

            <ListSection
              title={t('list')}
              isLoading={list.isPending}
              failure={
                listError && !data
                  ? {
                      text: textOf(listError, 'f-002'),
                      code: listError.code,
                      retryTestId: 'users-retry',
                      onRetry: () => void list.refetch(),
                    }
                  : null
              }
              emptyText={
                data && data.items.length === 0
                  ? search
                    ? t('noUsersFound', { search })
                    : t('noUsers')
                  : null
              }
              pager={{ page, pages, onPage: setPage, testId: 'users-pager' }}
            >
              {data && data.items.length > 0 ? (
                <>
                  <p data-testid="users-total">{t('total', { count: data.totalCount })}</p>
                  <table className={tableStyles.table} data-testid="users-list">
                    <thead>
                      <tr>
                        <th scope="col">{t('columnName')}</th>
                        <th scope="col">{t('columnNumber')}</th>
                        <th scope="col">{t('columnRoles')}</th>
                        <th scope="col">{t('columnActions')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.items.map((user) => (
                        <tr key={user.userId} data-testid="user-row" data-user-id={user.userId}>
                          <td data-testid="user-row-name" data-label={t('columnName')}>
                            {user.name}
                          </td>
                          <td data-testid="user-row-number" data-label={t('columnNumber')}>
                            {user.number}
                          </td>
                          <td data-label={t('columnRoles')}>
                            {user.roles.map((role) => t(`role_${role}`)).join(', ')}
                          </td>
                          <td className={tableStyles.rowActions}>
                            <button
                              type="button"
                              className={controlStyles.button}
                              data-testid="user-reissue"
                              aria-label={t('reissueUser', { name: user.name })}
                              onClick={() => setToReissue(user)}
                            >
                              {t('reissue')}
                            </button>
                            <button
                              type="button"
                              className={controlStyles.button}
                              data-testid="user-delete"
                              aria-label={t('deleteUser', { name: user.name })}
                              onClick={() => setToDelete(user)}
                            >
                              {t('delete')}
                            </button>
                            {data.permissions.unlockSignIn ? (
                              <UnlockSignInButton user={user} unlock={props.calls.unlockSignIn} />
                            ) : null}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              ) : null}
            </ListSection>
          </>
        )}

        <ConfirmDialog
          isOpen={toDelete !== null}
          title={t('confirmDeleteTitle')}
          confirmLabel={t('confirmDelete')}
          confirmTestId="confirm-delete"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-delete"
          isConfirmDisabled={isDeleting}
          onConfirm={() => void onDelete()}
          onCancel={() => setToDelete(null)}
        >
          <p data-testid="confirm-delete-text">
            {toDelete
              ? t('confirmDeleteText', { name: toDelete.name, number: toDelete.number })
              : null}
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          isOpen={toReissue !== null}
          title={t('confirmReissueTitle')}
          confirmLabel={t('confirmReissue')}
          confirmTestId="confirm-reissue"
          cancelLabel={t('cancel')}
          cancelTestId="cancel-reissue"
          isConfirmDisabled={isReissuing}
          onConfirm={() => void onReissue()}
          onCancel={() => setToReissue(null)}
        >
          <p data-testid="confirm-reissue-text">
            {toReissue
              ? t('confirmReissueText', { name: toReissue.name, number: toReissue.number })
              : null}
          </p>
        </ConfirmDialog>
      </div>
    </Page>
  );
}

/** /users: users of the sorting centre over the real calls and the device printer. */
export default function UsersPage() {
  const queryClient = useQueryClient();
  const print = usePrint();
  const [calls] = useState(() =>
    createUsersService(
      api,
      async () => (await queryClient.ensureQueryData(runtimeSettingsQuery)).sortingCenterId,
    ),
  );
  return <UsersScreen calls={calls} print={print} />;
}
