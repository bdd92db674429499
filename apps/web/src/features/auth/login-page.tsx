import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { PlainButton } from '../../components/plain-button/plain-button';
import { ApiError } from '../../lib/api-client';
import { returnPathAfterLogin } from '../../lib/return-path';
import { shopName, variant } from '../../lib/brand';
import { userQueries } from '../../entities/user/user-queries';
import { login, startWxLogin, storeLogin } from './api/login';
import { SmsLoginForm } from './sms-login-form';
import { LoginError, LoginField } from './login-field';
import { EyeIcon, EyeInvisibleIcon, LockIcon, UserIcon, WechatIcon } from './login-icons';
import { validateLogin, type LoginErrors, type LoginValues } from './login-form';
import type { LoginResponse } from '@shop/core/api/user';
import styles from './login-page.module.css';

const HIGHLIGHTS = [
  { title: '品质保障', text: '正品自营' },
  { title: '品类齐全', text: '精准查询' },
  { title: '实时库存', text: '有货保障' },
  { title: '物流可视', text: '智能履约' },
];

type LoginMode = 'password' | 'sms';

/**
 * /login: account name or phone + password, or the phone + an SMS code (the 短信登录 tab), or a
 * WeChat scan (微信扫码: to WeChat's QR page when the shop has WeChat configured). Enter submits; a double click sends one request;
 * the server's refusal (wrong password, rate limit) shows above the button. Plain inputs (not
 * antd at all: its button, icons and theme runtime) keep the first route small: antd loads with
 * the pages behind the login (decision 0059).
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [mode, setMode] = useState<LoginMode>('password');
  const [wxStarting, setWxStarting] = useState(false);
  const inFlight = useRef(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signedIn = async (response: LoginResponse) => {
    storeLogin(response);
    queryClient.setQueryData(userQueries.info().queryKey, response.user);
    await navigate(returnPathAfterLogin(location.search), { replace: true });
  };

  const wxLogin = async () => {
    if (wxStarting) return;
    setWxStarting(true);
    setServerError(undefined);
    try {
      const start = await startWxLogin();
      if (start.authorize_url) window.location.assign(start.authorize_url);
      else setServerError(start.message);
    } catch (err) {
      setServerError(err instanceof ApiError ? err.message : '微信登录失败，请稍后重试');
    } finally {
      setWxStarting(false);
    }
  };

  const mutation = useMutation({
    mutationFn: login,
    // The form shows the refusal under the fields.
    meta: { showError: false },
    onSuccess: signedIn,
    onError: (err) => {
      setServerError(err instanceof ApiError ? err.message : '登录失败，请稍后重试');
      setValues((v) => ({ ...v, password: '' }));
      passwordRef.current?.focus();
    },
  });

  const change = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setServerError(undefined);
    if (submitted) setErrors(validateLogin(next));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The button is disabled while sending, but two clicks can land before React re-renders.
    if (inFlight.current) return;
    setSubmitted(true);
    const found = validateLogin(values);
    setErrors(found);
    if (found.username || found.password) {
      (found.username ? usernameRef : passwordRef).current?.focus();
      return;
    }
    inFlight.current = true;
    setServerError(undefined);
    mutation.mutate(
      { username: values.username.trim(), password: values.password },
      { onSettled: () => (inFlight.current = false) },
    );
  };

  const year = new Date().getFullYear();

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <div className={styles.container}>
          <BrandLogo height={46} />
          <span className={styles.welcome}>欢迎登录</span>
          <span className={styles.hotline}>客服热线：{variant.servicePhone}</span>
        </div>
      </header>

      <main className={styles.hero}>
        <div className={`${styles.container} ${styles.heroInner}`}>
          <section className={styles.pitch}>
            <h1>{shopName}</h1>
            <p className={styles.lead}>专业汽车配件 B2B 采购平台，服务经销商与维修企业</p>
            <ul className={styles.highlights}>
              {HIGHLIGHTS.map((h) => (
                <li key={h.title}>
                  <strong>{h.title}</strong>
                  <span>{h.text}</span>
                </li>
              ))}
            </ul>
          </section>

          <section className={styles.card} aria-labelledby="login-title">
            <h2 id="login-title">账号登录</h2>
            <div className={styles.tabs} role="tablist" aria-label="登录方式">
              {(
                [
                  ['password', '密码登录'],
                  ['sms', '短信验证码'],
                ] as const
              ).map(([key, label]) => (
                <button
                  key={key}
                  type="button"
                  role="tab"
                  aria-selected={mode === key}
                  className={mode === key ? styles.tabActive : styles.tab}
                  onClick={() => {
                    setMode(key);
                    setServerError(undefined);
                  }}
                >
                  {label}
                </button>
              ))}
            </div>
            {mode === 'sms' ? (
              <SmsLoginForm onSignedIn={signedIn} />
            ) : (
              <form onSubmit={onSubmit} noValidate>
                <LoginField icon={<UserIcon className={styles.prefix} />} error={errors.username}>
                  <input
                    ref={usernameRef}
                    name="username"
                    placeholder="账号 / 手机号"
                    autoComplete="username"
                    aria-label="账号或手机号"
                    aria-invalid={Boolean(errors.username)}
                    maxLength={80}
                    value={values.username}
                    onChange={(e) => change('username', e.target.value)}
                  />
                </LoginField>
                <LoginField icon={<LockIcon className={styles.prefix} />} error={errors.password}>
                  <input
                    ref={passwordRef}
                    name="password"
                    type={passwordVisible ? 'text' : 'password'}
                    placeholder="密码"
                    autoComplete="current-password"
                    aria-label="密码"
                    aria-invalid={Boolean(errors.password)}
                    maxLength={140}
                    value={values.password}
                    onChange={(e) => change('password', e.target.value)}
                  />
                  <button
                    type="button"
                    className={styles.eye}
                    aria-label={passwordVisible ? '隐藏密码' : '显示密码'}
                    onClick={() => setPasswordVisible((v) => !v)}
                  >
                    {passwordVisible ? <EyeIcon /> : <EyeInvisibleIcon />}
                  </button>
                </LoginField>
                <LoginError message={serverError} />
                <PlainButton look="primary" type="submit" size="large" block loading={mutation.isPending}>
                  {mutation.isPending ? '登录中…' : '登录'}
                </PlainButton>
              </form>
            )}
            <div className={styles.other}>
              <span>其他方式</span>
              <button type="button" className={styles.wechat} onClick={() => void wxLogin()} disabled={wxStarting}>
                <WechatIcon /> 微信扫码
              </button>
            </div>
            {mode === 'sms' && <LoginError message={serverError} />}
            <p className={styles.hint}>忘记密码或需要开通账号，请联系您的业务员或拨打客服热线</p>
          </section>
        </div>
      </main>

      <footer className={styles.footer}>
        <a href="/privacy-policy.html" target="_blank" rel="noreferrer">
          隐私政策
        </a>
        <span>|</span>
        <span>
          Copyright © {year} {variant.companyName} 版权所有
        </span>
        <span>|</span>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
          {variant.filingNumber}
        </a>
      </footer>
    </div>
  );
}
