import { useTranslation } from 'react-i18next';
import { Page } from '../../ui';
// By their paths: the header's scan settings panel and locale switch, shown here too.
import { LocaleSwitch } from '../../shell/header/locale-switch';
import { ScanSettingsPanel } from '../../shell/scan-settings/scan-settings-panel';
import { CameraPreview } from './camera-preview';
import { DeviceSection } from './device-section';
import { PrinterScaleSections } from './printer-scale-section';
import { ResetSection } from './reset-section';
import { ServerSection } from './server-section';
import sectionStyles from '../../ui/page/page-section.module.css';

/**
 * `/settings` (part 2 §2, without sign-in): set a handheld or workstation up before the shift
 * (docs/DECISIONS.md "Device pages"). The dialogs' panels, the language, this device, the
 * server's runtime settings and the reset.
 */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <Page title={t('title')} testId="settings">
      <section className={sectionStyles.section} data-testid="settings-scanner">
        <h2 className={sectionStyles.sectionTitle}>{t('scanner.title')}</h2>
        <ScanSettingsPanel cookiesDisabledText={t('device.cookiesDisabled')}>
          <CameraPreview />
        </ScanSettingsPanel>
      </section>
      <PrinterScaleSections />
      <section className={sectionStyles.section} data-testid="settings-language">
        <h2 className={sectionStyles.sectionTitle}>{t('language')}</h2>
        <LocaleSwitch />
      </section>
      <section className={sectionStyles.section}>
        <h2 className={sectionStyles.sectionTitle}>{t('device.title')}</h2>
        <DeviceSection />
      </section>
      <section className={sectionStyles.section}>
        <h2 className={sectionStyles.sectionTitle}>{t('server.title')}</h2>
        <ServerSection />
      </section>
      <section className={sectionStyles.section}>
        <h2 className={sectionStyles.sectionTitle}>{t('reset.title')}</h2>
        <ResetSection onReset={() => window.location.reload()} />
      </section>
    </Page>
  );
}
