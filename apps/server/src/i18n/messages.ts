import type { FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type Locale } from '@sorting/domain';

/**
 * The server's own user-facing messages (spec part 1 §1: ru by default, en). The web app
 * chooses what to show by ErrorCode, never by matching these texts (conventions §7); they are
 * for the envelope's Message, which the sign-in page shows as is (part 1 §8).
 */
const RU = {
  badCredentials: 'Неверный бейдж или пароль',
  notSignedIn: 'Вы не вошли в систему',
  sessionExpired: 'Сессия истекла, войдите снова',
  tooManyAttempts: 'Слишком много попыток, подождите {minutes}',
  forbiddenRequest: 'Запрос отклонён: нет заголовка X-Requested-With или чужой источник',
  warehouseForbidden: 'Нет доступа к складу {number}',
  zoneForbidden: 'Нет доступа к складу этой зоны',
  zoneNotFoundByBarcode: 'Зона {barcode} не найдена',
  zoneNotFoundByNumber: 'Зона с номером {number} не найдена',
} as const;

export type MessageKey = keyof typeof RU;

const EN: Record<MessageKey, string> = {
  badCredentials: 'Wrong badge or password',
  notSignedIn: 'You are not signed in',
  sessionExpired: 'Your session has expired, please sign in again',
  tooManyAttempts: 'Too many attempts, wait {minutes}',
  forbiddenRequest: 'Request refused: no X-Requested-With header or a foreign origin',
  warehouseForbidden: 'No access to warehouse {number}',
  zoneForbidden: "No access to this zone's warehouse",
  zoneNotFoundByBarcode: 'Zone {barcode} not found',
  zoneNotFoundByNumber: 'Zone number {number} not found',
};

const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { ru: RU, en: EN };

/** The locale of a request: the NEXT_LOCALE cookie (part 1 §2), else ru. */
export function localeOf(request: FastifyRequest): Locale {
  const value = request.cookies[LOCALE_COOKIE];
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** A message of the catalogue with `{name}` placeholders filled in. */
export function translate(
  locale: Locale,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return CATALOGUES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The message in the request's locale. */
export function messageFor(
  request: FastifyRequest,
  key: MessageKey,
  params?: Record<string, string | number>,
): string {
  return translate(localeOf(request), key, params);
}

/** "5 минут" / "1 minute": Russian forms for 1, 2-4 and 5+ with 11-19 plural (part 1 §5). */
export function formatMinutes(locale: Locale, count: number): string {
  if (locale === 'en') return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
  const tens = count % 100;
  const units = count % 10;
  let word = 'минут';
  if (tens < 11 || tens > 19) {
    if (units === 1) word = 'минуту';
    else if (units >= 2 && units <= 4) word = 'минуты';
  }
  return `${count} ${word}`;
}
