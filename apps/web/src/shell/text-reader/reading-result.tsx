import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { scanCandidates, withLatinCodes } from '@sorting/domain';
import type { OcrResult } from '../../devices/ocr/ocr-engine';
import controlStyles from '../../ui/buttons/controls.module.css';
import styles from './text-reader.module.css';

/** Below this confidence (0–100) a word is marked as doubtful. */
export const LOW_CONFIDENCE = 60;

/** What was read: the crop with the word boxes, the text, «Копировать», the candidates. */
export function ReadingResult(props: {
  crop: HTMLCanvasElement;
  result: OcrResult;
  t: TFunction<'text-reader'>;
  onUse: (text: string) => void;
}) {
  const { crop, result, t, onUse } = props;
  const shown = useRef<HTMLCanvasElement>(null);
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null);
  // Shown and copied with the label's codes in Latin; candidates see the text as read.
  const text = withLatinCodes(result.text.trim());
  const candidates = scanCandidates(result.text);

  useEffect(() => {
    const element = shown.current;
    if (!element) return;
    element.width = crop.width;
    element.height = crop.height;
    element.getContext('2d')?.drawImage(crop, 0, 0);
  }, [crop]);

  const copy = () => {
    // Clipboard API; refused outside a secure context or without the user's gesture.
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'))).then(
      () => setCopied('copied'),
      () => setCopied('copyFailed'),
    );
  };

  return (
    <section className={styles.result} data-testid="text-reader-result" aria-label={t('text')}>
      <div className={styles.boxes}>
        <canvas ref={shown} className={styles.still} />
        {result.words.map((word, index) => (
          <span
            key={index}
            className={styles.word}
            data-testid="text-reader-word"
            data-low={word.confidence < LOW_CONFIDENCE ? 'true' : 'false'}
            title={`${word.text} · ${Math.round(word.confidence)} %`}
            style={{
              left: `${(word.box.x0 / crop.width) * 100}%`,
              top: `${(word.box.y0 / crop.height) * 100}%`,
              width: `${((word.box.x1 - word.box.x0) / crop.width) * 100}%`,
              height: `${((word.box.y1 - word.box.y0) / crop.height) * 100}%`,
            }}
          />
        ))}
      </div>
      {text ? (
        <>
          <p className={styles.hint}>{t('lowConfidence', { percent: LOW_CONFIDENCE })}</p>
          <pre className={styles.text} data-testid="text-reader-text">
            {text}
          </pre>
          <div className={styles.actions}>
            <button
              type="button"
              className={controlStyles.button}
              data-testid="text-reader-copy"
              onClick={copy}
            >
              {t('copy')}
            </button>
            {copied ? (
              <span role="status" data-testid="text-reader-copied">
                {t(copied)}
              </span>
            ) : null}
          </div>
        </>
      ) : (
        <p role="status" data-testid="text-reader-nothing">
          {t('nothingRead')}
        </p>
      )}
      <h3 className={styles.subtitle}>{t('candidates')}</h3>
      {candidates.length === 0 ? (
        <p data-testid="text-reader-no-candidates">{t('noCandidates')}</p>
      ) : (
        <ul className={styles.candidates}>
          {candidates.map((candidate) => (
            <li
              key={candidate.text}
              className={styles.candidate}
              data-testid="text-reader-candidate"
              data-text={candidate.text}
              data-type={candidate.type}
            >
              <span className={styles.candidateText}>
                <strong>{candidate.text}</strong> · {t(`candidateType.${candidate.type}`)}
              </span>
              <button
                type="button"
                className={controlStyles.primary}
                data-testid="text-reader-use"
                onClick={() => onUse(candidate.text)}
              >
                {t('useAsScan')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
