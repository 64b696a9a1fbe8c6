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
import { callValue, type CallCodes, type CallError } from '../../lib/call-error';
import { newOperationId } from '../../lib/operation-id';
import { runtimeSettingsQuery } from '../../lib/runtime-settings';
import { type PrintOutcome, type PrintRequest, usePrint, useShellServices } from '../../shell';
import { controlStyles, ListSection, NoData, Page, SubmitButton } from '../../ui';
// Not through the shell's index: only lazy pages use them, so they stay out of the first screen.
import { useCallAction, useCallFailures, useConfirmedCall } from '../../shell/calls/use-calls';
import { ConfirmCallDialog, confirmLabels } from '../../ui/dialog/confirm-dialog';
import { CreatedPanel } from '../../ui/forms/created-panel';
import { listFailure } from '../../ui/lists/list-section';
import { ListTable, RowButton } from '../../ui/lists/list-table';
import { SearchForm } from '../../ui/forms/search-form';
import { UnlockSignInButton } from './unlock-sign-in-button';
import { createUsersService, type UsersCalls } from './users.service';
import styles from './users-page.module.css';

/**
 * f-codes of the users catalogue (spec part 1 §8 "Users"), and the reissue's own failure text
 * (`reissueFailed`).
 */
type UsersCode = 'f-002' | 'f-003' | 'f-006' | 'f-007' | 'reissueFailed';

/** Spec part 1 §6: HTTP 401 or 403 is the no-access message f-007; else the call's code. */
const codesOf = (code: UsersCode): CallCodes<UsersCode> => ({ code, denied: 'f-007' });

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
  const [search, setSearch] = useState('');
  const [name, setName] = useState('');
  // A badge just issued (new user or reissue): shown and printable only now.
  const [created, setCreated] = useState<
    (TCreatedUser & { badge: string; isReissue: boolean }) | null
  >(null);
  const [isPrinting, setIsPrinting] = useState(false);

  const { textOf, notifyError, loadValue } = useCallFailures<UsersCode>(t);

  const list = useQuery<TUsersPage, CallError<UsersCode>>({
    queryKey: ['users', 'list', page, search],
    queryFn: () =>
      loadValue(props.calls.list({ page, pageSize: USERS_PAGE_SIZE, search }), codesOf('f-002')),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', 'list'] });

  const adding = useCallAction(
    async (trimmed: string) => {
      const user = await callValue(
        props.calls.create({ name: trimmed, operationId: newOperationId() }),
        codesOf('f-003'),
      );
      setName('');
      toasts.notify({ status: 'ok', content: t('added', { name: user.name }) });
      // The badge is in this answer only (the server keeps its hash): offer printing now.
      if (user.badge) setCreated({ ...user, badge: user.badge, isReissue: false });
      await refresh();
    },
    (error) => notifyError(error, 'f-003'),
  );
  const isAdding = adding.isBusy;
  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed) await adding.run(trimmed);
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

  const deletion = useConfirmedCall({
    call: (user: TSortingCenterUser) =>
      callValue(
        props.calls.remove({ userId: user.userId, operationId: newOperationId() }),
        codesOf('f-006'),
      ),
    onDone: (_deleted, user) =>
      toasts.notify({ status: 'ok', content: t('deleted', { name: user.name }) }),
    onError: (error) => notifyError(error, 'f-006'),
    refresh,
  });

  const reissue = useConfirmedCall({
    call: (user: TSortingCenterUser) =>
      callValue(
        props.calls.reissueBadge({ userId: user.userId, operationId: newOperationId() }),
        codesOf('reissueFailed'),
      ),
    onDone: (user) => {
      toasts.notify({ status: 'ok', content: t('reissued', { name: user.name }) });
      if (user.badge) setCreated({ ...user, badge: user.badge, isReissue: true });
    },
    onError: (error) => notifyError(error, 'reissueFailed'),
  });

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
            <SearchForm
              label={t('search')}
              buttonLabel={t('searchButton')}
              testId="users-search"
              onSearch={(text) => {
                setSearch(text);
                setPage(1);
              }}
            />

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
              <SubmitButton
                testId="user-add"
                label={isAdding ? t('adding') : t('add')}
                disabled={isAdding || name.trim() === ''}
                isPrimary
              />
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
              failure={listFailure(list, (error) => textOf(error, 'f-002'), 'users-retry')}
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
                <ListTable
                  testId="users-list"
                  total={{ text: t('total', { count: data.totalCount }), testId: 'users-total' }}
                  columns={[
                    { label: t('columnName'), testId: 'user-row-name', cell: (user) => user.name },
                    {
                      label: t('columnNumber'),
                      testId: 'user-row-number',
                      cell: (user) => user.number,
                    },
                    {
                      label: t('columnRoles'),
                      cell: (user) => user.roles.map((role) => t(`role_${role}`)).join(', '),
                    },
                  ]}
                  rows={data.items}
                  rowOf={(user) => ({
                    key: user.userId,
                    testId: 'user-row',
                    data: { 'data-user-id': user.userId },
                  })}
                  actionsLabel={t('columnActions')}
                  actions={(user) => (
                    <>
                      <RowButton
                        testId="user-reissue"
                        label={t('reissue')}
                        ariaLabel={t('reissueUser', { name: user.name })}
                        onClick={() => reissue.ask(user)}
                      />
                      <RowButton
                        testId="user-delete"
                        label={t('delete')}
                        ariaLabel={t('deleteUser', { name: user.name })}
                        onClick={() => deletion.ask(user)}
                      />
                      {data.permissions.unlockSignIn ? (
                        <UnlockSignInButton user={user} unlock={props.calls.unlockSignIn} />
                      ) : null}
                    </>
                  )}
                />
              ) : null}
            </ListSection>
          </>
        )}

        <ConfirmCallDialog
          call={deletion}
          testId="delete"
          labels={confirmLabels(t, 'Delete')}
          text={(user) => t('confirmDeleteText', { name: user.name, number: user.number })}
        />
        <ConfirmCallDialog
          call={reissue}
          testId="reissue"
          labels={confirmLabels(t, 'Reissue')}
          text={(user) => t('confirmReissueText', { name: user.name, number: user.number })}
        />
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
