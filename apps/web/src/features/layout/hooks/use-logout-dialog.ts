import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { runBeforeLogout } from '../../../lib/before-logout';
import { clearLoginCookies } from '../../../lib/cookies';
import { logout } from '../api/logout';
import { notify, notifyError } from '../../../lib/notify';

export const LOGGED_OUT_TEXT = '已退出系统';

/**
 * The exit dialog (spec.md section 2, 'Header'): titled '提示', 确认退出 / 取消. Success toasts
 * '已退出系统', clears the token, username and phone cookies and the query cache and goes to
 * /login; a failure shows the server's msg (the api client does) and closes the dialog.
 */
export function useLogoutDialog(): () => void {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return () => {
    modal.confirm({
      title: '提示',
      content: '确定要退出当前登录的账号吗？',
      okText: '确认退出',
      cancelText: '取消',
      async onOk() {
        // What lives on the session (the live socket) ends first.
        const undo = await runBeforeLogout();
        try {
          await logout();
        } catch (err) {
          undo();
          notifyError(err);
          return;
        }
        // notify's toast outlives the frame's providers, which unmount on the way to /login.
        notify.success(LOGGED_OUT_TEXT);
        clearLoginCookies();
        await navigate('/login', { replace: true });
        queryClient.clear();
      },
    });
  };
}
