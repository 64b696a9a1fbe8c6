import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { checkTypedDeviceId } from '../../devices/device-ids';
import { PAGES } from '../../lib/page-paths';
import type { PrintRequest } from '../../devices/printer/printer-service';
import { ActionButton } from '../../ui/buttons/action-button';
import controlStyles from '../../ui/buttons/controls.module.css';
import { LocaleLink } from '../i18n';
import type { SessionUser } from '../session/session-store';
import { useNotify, useSessionUser } from '../shell-services';
import { DEVICES_TOAST_FLOW } from './devices-toast-flow';
import type { DevicesRuntime } from './devices-runtime';
import styles from './devices.module.css';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * The test label, template `user`: the signed-in user's (`TEST-<number>`, their name), or without
 * a user `TEST-<hhmmss>` and `anonymousName` (docs/DECISIONS.md "Device pages", test print).
 */
export function testLabel(
  user: SessionUser | null,
  anonymousName = '',
  now: Date = new Date(),
): PrintRequest {
  const time = `${twoDigits(now.getHours())}${twoDigits(now.getMinutes())}${twoDigits(now.getSeconds())}`;
  return {
    barcodeName: 'user',
    barcodeData: [
      { name: 'barcode', value: user ? `TEST-${user.number ?? user.userId}` : `TEST-${time}` },
      { name: 'name', value: user ? user.userName : anonymousName },
    ],
  };
}

/** A typed id field with its inline error (1–100 printable characters, trimmed). */
export function IdField(props: {
  id: string;
  label: string;
  testId: string;
  value: string;
  isInvalid: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('devices');
  return (
    <label className={controlStyles.field} htmlFor={props.id}>
      {props.label}
      <input
        id={props.id}
        className={controlStyles.input}
        data-testid={props.testId}
        value={props.value}
        autoComplete="off"
        aria-invalid={props.isInvalid || undefined}
        aria-describedby={props.isInvalid ? `${props.id}-error` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.isInvalid ? (
        <span
          id={`${props.id}-error`}
          className={styles.error}
          data-testid={`${props.testId}-error`}
        >
          {t('dialog.idInvalid')}
        </span>
      ) : null}
    </label>
  );
}

/** Part 1 §8, in place: a device cookie just written did not read back. */
export function CookiesDisabled() {
  const { t } = useTranslation('devices');
  return (
    <p className={styles.error} role="alert" data-testid="device-cookies-disabled">
      {t('cookiesDisabled')}
    </p>
  );
}

/** The local agent's printers, each with its select button (spec part 1 §7: over the local socket). */
function AgentPrinters(props: { runtime: DevicesRuntime }) {
  const { t } = useTranslation('devices');
  const { printer } = props.runtime;
  const state = useSyncExternalStore(printer.subscribe, printer.getSnapshot);
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{t('dialog.agentPrinters')}</h3>
      {state.local.status === 'connected' && state.local.printers.length > 0 ? (
        <ul className={styles.list} data-testid="device-agent-printers">
          {state.local.printers.map((agentPrinter) => {
            const isSelected = agentPrinter.id === state.local.selectedPrinterId;
            return (
              <li key={agentPrinter.id} className={styles.row}>
                <span>
                  {agentPrinter.name}
                  {agentPrinter.isReady ? null : ` (${t('dialog.notReady')})`}
                </span>
                <button
                  type="button"
                  className={isSelected ? controlStyles.primary : controlStyles.button}
                  data-testid={`device-select-${agentPrinter.id}`}
                  aria-pressed={isSelected}
                  onClick={() => void printer.selectPrinter(agentPrinter.id)}
                >
                  {t(isSelected ? 'dialog.selected' : 'dialog.select')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.muted}>{t('dialog.noAgentPrinters')}</p>
      )}
    </section>
  );
}

/**
 * The printer (spec part 1 §7): the local agent's connection and printers, the hub's printer
 * ids and, for a signed-in user (the hub needs a session), the hub's connection; a test print.
 * Shared by the header's dialog and /settings (docs/DECISIONS.md "Device pages").
 */
export function PrinterPanel(props: {
  runtime: DevicesRuntime;
  onPrinted?: () => void;
  /** /settings: without a user the hub's connection gives way to a sign-in link. */
  isHubSignInShown?: boolean;
}) {
  const { t } = useTranslation('devices');
  const { printer } = props.runtime;
  const notify = useNotify();
  const user = useSessionUser();
  const state = useSyncExternalStore(printer.subscribe, printer.getSnapshot);
  const ids = useId();
  const [appId, setAppId] = useState(state.device.printerAppId ?? '');
  const [printerId, setPrinterId] = useState(state.device.printerId ?? '');
  const [invalid, setInvalid] = useState({ appId: false, printerId: false });
  const [isPrinting, setPrinting] = useState(false);
  const [isCookieLost, setCookieLost] = useState(false);

  useEffect(() => {
    printer.refreshLocalState();
  }, [printer]);

  const hubPrinterText =
    state.hub.printer === 'unknown'
      ? t('dialog.hubPrinterUnknown')
      : t(state.hub.printer === 'connected' ? 'dialog.connected' : 'dialog.disconnected');

  const onTestPrint = async () => {
    setPrinting(true);
    try {
      const outcome = await printer.print(testLabel(user, t('dialog.testPrintName')));
      if (outcome.status === 'printed') {
        notify({ status: 'ok', content: t('dialog.testPrinted'), flow: DEVICES_TOAST_FLOW });
        props.onPrinted?.();
      }
    } finally {
      setPrinting(false);
    }
  };

  const onSave = () => {
    const app = checkTypedDeviceId(appId);
    const device = checkTypedDeviceId(printerId);
    setInvalid({ appId: app === 'invalid', printerId: device === 'invalid' });
    if (app === 'invalid' || device === 'invalid') return;
    setAppId(app.value ?? '');
    setPrinterId(device.value ?? '');
    const isKept = printer.setHubPrinter({ printerAppId: app.value, printerId: device.value });
    setCookieLost(!isKept);
    if (isKept) notify({ status: 'ok', content: t('dialog.saved') });
  };

  return (
    <>
      <section className={styles.section} data-testid="device-channels">
        <h3 className={styles.sectionTitle}>{t('dialog.channels')}</h3>
        <div className={styles.row} data-testid="device-local" data-status={state.local.status}>
          <span>{t('dialog.local')}</span>
          <strong>{t(`dialog.${state.local.status}`)}</strong>
        </div>
        {user || !props.isHubSignInShown ? (
          <>
            <div className={styles.row} data-testid="device-hub" data-status={state.hub.status}>
              <span>{t('dialog.hub')}</span>
              <strong>{t(`dialog.${state.hub.status}`)}</strong>
            </div>
            <div
              className={styles.row}
              data-testid="device-hub-printer"
              data-status={state.hub.printer}
            >
              <span>{t('dialog.hubPrinter')}</span>
              <strong>{hubPrinterText}</strong>
            </div>
          </>
        ) : (
          <p className={styles.muted} data-testid="device-hub-sign-in">
            <LocaleLink to={`${PAGES.signIn}?redirect=${PAGES.settings}`}>
              {t('dialog.hubSignIn')}
            </LocaleLink>
          </p>
        )}
      </section>

      <AgentPrinters runtime={props.runtime} />

      <form
        className={styles.section}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <h3 className={styles.sectionTitle}>{t('dialog.hubIds')}</h3>
        <div className={styles.fields}>
          <IdField
            id={`${ids}-app`}
            label={t('dialog.printerAppId')}
            testId="device-printer-app-id"
            value={appId}
            isInvalid={invalid.appId}
            onChange={setAppId}
          />
          <IdField
            id={`${ids}-printer`}
            label={t('dialog.printerId')}
            testId="device-printer-id"
            value={printerId}
            isInvalid={invalid.printerId}
            onChange={setPrinterId}
          />
        </div>
        {isCookieLost ? <CookiesDisabled /> : null}
        <button type="submit" className={controlStyles.button} data-testid="device-printer-save">
          {t('dialog.save')}
        </button>
      </form>

      <ActionButton
        testId="device-test-print"
        label={t('dialog.testPrint')}
        disabled={isPrinting}
        onClick={() => void onTestPrint()}
        isPrimary
      />
    </>
  );
}
