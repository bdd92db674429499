import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setNotifier } from './notify';

/** Hands antd's themed message API (from the App context) to code outside React. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (text) => void message.error(text),
      success: (text) => void message.success(text),
    });
    return () => setNotifier();
  }, [message]);
  return null;
}

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export interface AntProvidersProps {
  /** The app's main colour (antd colorPrimary). */
  primaryColor: string;
  /** Links in the main colour too (the shop); antd's own link colour otherwise. */
  linkInPrimary?: boolean;
  /** How long a toast stays, in seconds. */
  toastSeconds: number;
  /**
   * notify's toasts through this App (themed). Only where the providers wrap every route: a
   * toast raised inside providers that unmount (on the way to a screen without antd) would vanish.
   */
  bridgeToasts?: boolean;
  children: ReactNode;
}

/** antd in Chinese with the app's theme, and (bridgeToasts) its toasts for code outside React. */
export function AntProviders({ primaryColor, linkInPrimary, toastSeconds, bridgeToasts, children }: AntProvidersProps) {
  const token = { colorPrimary: primaryColor, borderRadius: 4, fontFamily: FONT_FAMILY };
  return (
    <ConfigProvider
      locale={zhCN}
      // Exact button texts ('取消', '确认退出'): no space inserted between two Chinese characters.
      button={{ autoInsertSpace: false }}
      theme={{ token: linkInPrimary ? { ...token, colorLink: primaryColor } : token }}
    >
      <AntApp message={{ duration: toastSeconds, maxCount: 3 }}>
        {bridgeToasts && <NotifierBridge />}
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export interface AppProvidersProps extends AntProvidersProps {
  queryClient: QueryClient;
}

/** The query client around antd's providers: every route of an app that renders antd everywhere. */
export function AppProviders({ queryClient, children, ...ant }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntProviders bridgeToasts {...ant}>
        {children}
      </AntProviders>
    </QueryClientProvider>
  );
}
