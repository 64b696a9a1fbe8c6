import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { Still } from '../../devices/photo/photo-camera';
import type { CropRect } from '../../devices/ocr/ocr-prepare';
import styles from './text-reader.module.css';

/** The still is shown at most this wide (the crop applies to the full image). */
const SHOWN_LONG_SIDE = 1600;
/** A drag shorter than this share of the image is a tap, not a new rectangle. */
const MIN_DRAG = 0.02;

function clamp(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function rectOf(a: { x: number; y: number }, b: { x: number; y: number }): CropRect {
  return {
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    width: Math.abs(a.x - b.x),
    height: Math.abs(a.y - b.y),
  };
}

/**
 * The still with the crop rectangle over it: dragging across the still draws a new one (a
 * pointer, a finger or a pen), so only the label is read.
 */
export function CropArea(props: {
  still: Still;
  crop: CropRect;
  onCrop: (crop: CropRect) => void;
  label: string;
}) {
  const { still, crop, onCrop, label } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState<CropRect | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const scale = Math.min(1, SHOWN_LONG_SIDE / Math.max(still.width, still.height));
    element.width = Math.round(still.width * scale);
    element.height = Math.round(still.height * scale);
    element.getContext('2d')?.drawImage(still.source, 0, 0, element.width, element.height);
  }, [still]);

  const pointAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
    };
  };

  const shown = drawn ?? crop;
  return (
    <div
      className={styles.cropArea}
      data-testid="text-reader-crop-area"
      role="img"
      aria-label={label}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        start.current = pointAt(event);
        setDrawn(null);
      }}
      onPointerMove={(event) => {
        if (start.current) setDrawn(rectOf(start.current, pointAt(event)));
      }}
      onPointerUp={(event) => {
        if (!start.current) return;
        const rect = rectOf(start.current, pointAt(event));
        start.current = null;
        setDrawn(null);
        if (rect.width >= MIN_DRAG && rect.height >= MIN_DRAG) onCrop(rect);
      }}
      onPointerCancel={() => {
        start.current = null;
        setDrawn(null);
      }}
    >
      <canvas ref={canvas} className={styles.still} />
      <div
        className={styles.crop}
        data-testid="text-reader-crop"
        style={{
          left: `${shown.x * 100}%`,
          top: `${shown.y * 100}%`,
          width: `${shown.width * 100}%`,
          height: `${shown.height * 100}%`,
        }}
      />
    </div>
  );
}
