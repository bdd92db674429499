import type { SmsPurpose } from '@shop/core/api/account';
import type { Config } from '../../config';

/**
 * Where SMS codes go. Production sets SMS_GATEWAY_URL (and SMS_GATEWAY_KEY): the HTTP adapter
 * posts each message there. Without it the local gateway writes the code to the server's log, at
 * warn level so it shows at the usual levels: for development and the tests (e2e reads the
 * shop's log). It is the one place a code is ever logged (everything else redacts them).
 */
export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

export interface SmsGateway {
  readonly name: 'http' | 'log';
  send(message: SmsMessage): Promise<void>;
}

interface GatewayLog {
  warn(obj: object, msg: string): void;
}

/** The text of the local gateway's log line; tests find the code in it (smsCodeInLog). */
export function localSmsLine(message: SmsMessage): string {
  return `本地短信网关：发送到 ${message.phone} 的验证码是 ${message.code}`;
}

/** The latest code the local gateway logged for a phone, from the log's text. */
export function smsCodeInLog(log: string, phone: string): string | undefined {
  const pattern = new RegExp(`发送到 ${phone} 的验证码是 (\\d{6})`, 'g');
  let last: string | undefined;
  for (const m of log.matchAll(pattern)) last = m[1];
  return last;
}

export function localSmsGateway(log: GatewayLog): SmsGateway {
  return {
    name: 'log',
    send: async (message) => log.warn({ smsGateway: 'log', purpose: message.purpose }, localSmsLine(message)),
  };
}

/** How long the HTTP gateway may take to accept a message. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * POSTs `{ phone, code, purpose }` as JSON to the gateway's address with `Authorization: Bearer
 * <key>`; any answer other than 2xx is a failure.
 */
export function httpSmsGateway(url: string, key: string, fetchImpl: typeof fetch = fetch): SmsGateway {
  return {
    name: 'http',
    async send(message) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ phone: message.phone, code: message.code, purpose: message.purpose }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function smsGatewayFromConfig(config: Config, log: GatewayLog): SmsGateway {
  return config.SMS_GATEWAY_URL ? httpSmsGateway(config.SMS_GATEWAY_URL, config.SMS_GATEWAY_KEY) : localSmsGateway(log);
}

/** What a production server says at start when it has no SMS gateway (the codes go to its log). */
export function smsGatewayWarnings(config: Config): string[] {
  return !config.SMS_GATEWAY_URL && config.NODE_ENV === 'production'
    ? ['SMS_GATEWAY_URL is not set: SMS codes are written to this log (local gateway)']
    : [];
}
