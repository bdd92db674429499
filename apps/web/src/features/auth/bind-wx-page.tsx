import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Result, Spin } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { WxLoginResponse } from '@shop/core/api/account';
import { BrandLogo } from '../../components/brand-logo/brand-logo';
import { ApiError } from '../../lib/api-client';
import { COOKIE, getCookie, removeCookie } from '../../lib/cookies';
import { notify } from '../../lib/notify';
import { userQueries } from '../../entities/user/user-queries';
import { bindAccount, finishWx, storeBindToken, storeLogin } from './api/login';
import { validateLogin, type LoginErrors, type LoginValues } from './login-form';
import { LoginError, LoginField } from './login-field';
import loginStyles from './login-page.module.css';
import styles from './bind-wx-page.module.css';

type Stage =
  { kind: 'working' } | { kind: 'bind'; nickname: string } | { kind: 'failed'; message: string } | { kind: 'none' };

/** Callbacks already sent by this page (a code is exchanged once, StrictMode runs effects twice). */
const handled = new Set<string>();

/**
 * /bind_wx (spec.md sections 2 and 6: reachable without a login): where WeChat sends the browser
 * back after a scan, with `code` and `state`. A sign-in (wx_login) logs in when the WeChat is
 * bound to an account; otherwise the page keeps the binding token (wx_bind_token cookie) and asks
 * for the account and password to bind it to (binding_account). `mode=bind` is a signed-in
 * account binding its WeChat (binding_wx), back to /profile/account after.
 */
export default function BindWxPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('code') && params.get('state')) return { kind: 'working' };
    return getCookie(COOKIE.wxBindToken) ? { kind: 'bind', nickname: '' } : { kind: 'none' };
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state || handled.has(state)) return;
    handled.add(state);
    const binding = params.get('mode') === 'bind';
    // The code leaves the address bar: it is used once.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      try {
        const answer = await finishWx(binding ? 'binding_wx' : 'wx_login', { code, state });
        if (binding) {
          notify.success(answer.msg);
          await navigate('/profile/account', { replace: true });
          return;
        }
        const data = answer.data as WxLoginResponse;
        if (data.login) {
          storeLogin(data.login);
          queryClient.setQueryData(userQueries.info().queryKey, data.login.user);
          await navigate('/home', { replace: true });
          return;
        }
        storeBindToken(data);
        setStage({ kind: 'bind', nickname: data.nickname });
      } catch (err) {
        setStage({ kind: 'failed', message: err instanceof ApiError ? err.message : '微信授权失败，请重新扫码' });
      }
    })();
  }, [navigate, queryClient]);

  return (
    <div className={styles.page}>
      <header className={styles.top}>
        <BrandLogo />
      </header>
      {stage.kind === 'working' && (
        <div className={styles.working}>
          <Spin description="正在验证微信授权…" />
        </div>
      )}
      {stage.kind === 'bind' && (
        <BindForm
          nickname={stage.nickname}
          onBound={async (message) => {
            notify.success(message);
            await navigate('/home', { replace: true });
          }}
          onExpired={(message) => setStage({ kind: 'failed', message })}
        />
      )}
      {(stage.kind === 'failed' || stage.kind === 'none') && (
        <Result
          status={stage.kind === 'failed' ? 'warning' : 'info'}
          title={stage.kind === 'failed' ? stage.message : '绑定微信账号'}
          subTitle={
            <div className={styles.text}>
              <p>
                在登录页选择“微信扫码”，用微信扫描二维码登录；如果该微信还没有绑定商城账号，会来到这里输入账号和密码完成绑定。
              </p>
            </div>
          }
          extra={
            <Link to="/login" className={styles.loginLink}>
              返回登录
            </Link>
          }
        />
      )}
    </div>
  );
}

function BindForm({
  nickname,
  onBound,
  onExpired,
}: {
  nickname: string;
  onBound: (message: string) => Promise<void>;
  onExpired: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState<string>();
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    const found = validateLogin(values);
    setErrors(found);
    if (found.username || found.password) return;
    busy.current = true;
    setPending(true);
    setServerError(undefined);
    try {
      const { login, message } = await bindAccount({ username: values.username.trim(), password: values.password });
      storeLogin(login);
      queryClient.setQueryData(userQueries.info().queryKey, login.user);
      await onBound(message);
    } catch (err) {
      const message = err instanceof ApiError ? err.message : '绑定失败，请稍后重试';
      if (message.includes('已过期')) {
        removeCookie(COOKIE.wxBindToken);
        onExpired(message);
      } else {
        setServerError(message);
        setValues((v) => ({ ...v, password: '' }));
      }
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  const field = (name: keyof LoginValues, label: string, type: string, icon: ReactNode) => (
    <LoginField icon={icon} error={errors[name]}>
      <input
        name={name}
        type={type}
        placeholder={label}
        aria-label={label}
        aria-invalid={Boolean(errors[name])}
        maxLength={name === 'username' ? 80 : 140}
        value={values[name]}
        onChange={(e) => {
          setValues((v) => ({ ...v, [name]: e.target.value }));
          setServerError(undefined);
        }}
      />
    </LoginField>
  );

  return (
    <section className={styles.bindCard} aria-labelledby="bind-title">
      <h1 id="bind-title">绑定商城账号</h1>
      <p className={styles.bindHint}>
        微信{nickname ? `“${nickname}”` : ''}还没有绑定商城账号。输入账号和密码完成绑定，之后可直接用微信扫码登录。
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {field('username', '账号 / 手机号', 'text', <UserOutlined className={loginStyles.prefix} />)}
        {field('password', '密码', 'password', <LockOutlined className={loginStyles.prefix} />)}
        <LoginError message={serverError} />
        <Button type="primary" htmlType="submit" size="large" block loading={pending}>
          绑定并登录
        </Button>
      </form>
      <p className={styles.bindHint}>
        <Link to="/login">返回登录</Link>
      </p>
    </section>
  );
}
