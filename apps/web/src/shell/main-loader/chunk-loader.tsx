import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellServices } from '../shell-services';
import styles from './chunk-loader.module.css';

/** Spec part 1 §9: the chunk loader's default delay. */
export const CHUNK_LOADER_DELAY_MS = 200;

/**
 * The chunk loader (spec part 1 §9; docs/DECISIONS.md "Web shell"): the placeholder of a part
 * of a page that is its own lazy chunk (a `Suspense` fallback), in the place the part will
 * take. It shows nothing for the first `delayMs`, so a chunk from the cache never flashes a
 * loader, then a spinner with the loading label.
 */
export function ChunkLoader(props: { delayMs?: number; label?: string }) {
  const { t } = useTranslation('common');
  const { scheduler } = useShellServices();
  const delayMs = props.delayMs ?? CHUNK_LOADER_DELAY_MS;
  const [isVisible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const timer = scheduler.setTimeout(() => setVisible(true), delayMs);
    return () => scheduler.clearTimeout(timer);
  }, [scheduler, delayMs]);
  if (!isVisible) return null;
  return (
    <div data-testid="chunk-loader" role="status" className={styles.loader}>
      <span className={styles.spinner} aria-hidden="true" />
      <span>{props.label ?? t('loading')}</span>
    </div>
  );
}
