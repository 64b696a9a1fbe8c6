import {
  AppError,
  type AppErrorCode,
  type AppErrorOptions,
  type MessageParams,
} from '@sorting/contracts';
import type { MessageKey } from '../i18n/messages.js';

/**
 * An AppError whose message is a key of the server's catalogue with its parameters: the one
 * error handler words it in the caller's language (services know no locale).
 */
export function refusal(
  code: AppErrorCode,
  key: MessageKey,
  params: MessageParams = {},
  options: Omit<AppErrorOptions, 'key' | 'params'> = {},
): AppError {
  return new AppError(code, { ...options, key, params });
}
