import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { setNotifier } from '../lib/notify';

/** Hands antd's themed message API (from the App context) to code outside React. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (text) => void message.error(text),
      success: (text) => void message.success(text),
    });
  }, [message]);
  return null;
}

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Zen Hei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif";

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ token: { colorPrimary: '#1f4e8c', borderRadius: 4, fontFamily: FONT_FAMILY } }}
    >
      <AntApp message={{ duration: 3, maxCount: 3 }}>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
