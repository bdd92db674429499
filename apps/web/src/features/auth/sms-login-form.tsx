import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXTS, SMS_CODE_LENGTH, isSmsCode } from '@shop/core/account-rules';
import type { LoginResponse } from '@shop/core/api/user';
import { PlainButton } from '../../components/plain-button/plain-button';
import { ApiError } from '../../lib/api-client';
import { useCountdown } from '../../lib/use-countdown';
import { sendLoginCode, smsLogin } from './api/login';
import { LoginError } from './login-field';
import { MobileIcon, SafetyIcon } from './login-icons';
import styles from './login-page.module.css';

/** Mainland mobile number (the rule of @shop/core/api/user, without zod in the first route). */
const PHONE = /^1[3-9]\d{9}$/;

/**
 * The login page's 短信验证码 tab: the phone, 获取验证码 (then a 60 s countdown), the 6-digit code.
 * The server's answer to a send is the same whether or not the phone has an account.
 */
export function SmsLoginForm({ onSignedIn }: { onSignedIn: (response: LoginResponse) => Promise<void> }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string>();
  const [codeError, setCodeError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [sending, setSending] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const busy = useRef(false);
  const countdown = useCountdown();
  const codeRef = useRef<HTMLInputElement>(null);

  const checkPhone = (): string | undefined => {
    const value = phone.trim();
    const error = !value ? '请输入手机号' : PHONE.test(value) ? undefined : '请输入正确的手机号';
    setPhoneError(error);
    return error ? undefined : value;
  };

  const send = async () => {
    const value = checkPhone();
    if (!value || sending || countdown.left > 0) return;
    setSending(true);
    setServerError(undefined);
    try {
      const answer = await sendLoginCode(value);
      setNotice(answer.message);
      countdown.start(answer.resendAfter);
      codeRef.current?.focus();
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : '验证码发送失败，请稍后重试');
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const value = checkPhone();
    const codeValue = code.trim();
    const badCode = !codeValue ? '请输入验证码' : isSmsCode(codeValue) ? undefined : ACCOUNT_TEXTS.codeFormat;
    setCodeError(badCode);
    if (!value || badCode) return;
    busy.current = true;
    setSigningIn(true);
    setServerError(undefined);
    try {
      await onSignedIn(await smsLogin({ phone: value, code: codeValue }));
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : '登录失败，请稍后重试');
      setCode('');
      codeRef.current?.focus();
    } finally {
      busy.current = false;
      setSigningIn(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <div className={styles.field}>
        <label className={`${styles.input} ${phoneError ? styles.invalid : ''}`}>
          <MobileIcon className={styles.prefix} />
          <input
            name="phone"
            placeholder="手机号"
            autoComplete="tel"
            inputMode="numeric"
            aria-label="手机号"
            aria-invalid={Boolean(phoneError)}
            maxLength={11}
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value);
              setPhoneError(undefined);
            }}
          />
        </label>
        <div className={styles.fieldError} role={phoneError ? 'alert' : undefined}>
          {phoneError}
        </div>
      </div>
      <div className={styles.field}>
        <div className={styles.codeRow}>
          <label className={`${styles.input} ${codeError ? styles.invalid : ''}`}>
            <SafetyIcon className={styles.prefix} />
            <input
              ref={codeRef}
              name="code"
              placeholder="验证码"
              autoComplete="one-time-code"
              inputMode="numeric"
              aria-label="验证码"
              aria-invalid={Boolean(codeError)}
              maxLength={SMS_CODE_LENGTH}
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setCodeError(undefined);
                setServerError(undefined);
              }}
            />
          </label>
          <PlainButton
            size="large"
            className={styles.sendCode}
            onClick={() => void send()}
            loading={sending}
            disabled={countdown.left > 0}
          >
            {countdown.left > 0 ? `${countdown.left} 秒后重发` : '获取验证码'}
          </PlainButton>
        </div>
        <div className={styles.fieldError} role={codeError ? 'alert' : undefined}>
          {codeError ?? (notice && !serverError ? <span className={styles.notice}>{notice}</span> : null)}
        </div>
      </div>
      <LoginError message={serverError} />
      <PlainButton look="primary" type="submit" size="large" block loading={signingIn}>
        {signingIn ? '登录中…' : '登录'}
      </PlainButton>
    </form>
  );
}
