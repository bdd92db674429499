import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CONSTANTS } from '@shop/core/constants';
import { liveIdentity, MESSAGE_TEXTS } from '@shop/core/api/message-rules';
import { ApiError } from '../../lib/api-client';
import { beforeLogout } from '../../lib/before-logout';
import { LiveConnection, type LiveConnectionOptions } from '../../lib/live-connection';
import { notify } from '../../lib/notify';
import { invalidateForPush, invalidateMessages, messageQueries } from '../../entities/message/message-queries';
import { useLiveStore } from './live-store';

/** How the socket is opened; a test passes its WebSocket double. */
export type SocketFactory = LiveConnectionOptions['createSocket'];

/**
 * Holds the live connection of the logged-in account while the header is on screen: connects
 * `notificationConnectDelayMs` after mount (the categories load first), and on each push
 * refreshes only what it concerns and shows the popup of a message with is_eject = 1. A lost
 * connection says 'ws链接连接失败，请检查' once (again after a reconnect asked for by a click), and
 * '消息已连接' when it is back.
 */
export function useLiveMessages(accountId: number | undefined, createSocket?: SocketFactory): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!accountId) return undefined;
    const store = useLiveStore.getState();
    const connection = new LiveConnection({
      identity: (lastTipId) => liveIdentity(accountId, lastTipId),
      createSocket,
      onPush: (message) => {
        void invalidateForPush(queryClient, message);
        if (message.is_eject === 1) useLiveStore.getState().showPopup(message);
      },
      onClearPopups: () => useLiveStore.getState().clearPopups(),
      onStatus: (status, change) => {
        useLiveStore.getState().setStatus(status);
        if (status === 'failed' && (change.manual || !change.afterFailure)) notify.error(MESSAGE_TEXTS.connectFailed);
        if (status === 'open') {
          // Whatever came while the socket was away (or before it opened) shows in the counts.
          if (change.afterFailure || change.manual) notify.success(MESSAGE_TEXTS.connected);
          void invalidateMessages(queryClient);
        }
      },
      onUnsupported: () => window.alert(MESSAGE_TEXTS.noWebSocket),
    });
    store.setReconnect(() => connection.reconnect());
    let stopped = false;
    // The socket opens after the categories: it asks for every message newer than the menu knows,
    // so nothing written in between is missed.
    const timer = setTimeout(() => {
      void queryClient
        .fetchQuery(messageQueries.menu())
        .then(
          (menu) => {
            connection.knownUpTo(menu.last_tip_id);
            return true;
          },
          // Without a login (logged out meanwhile, expired) the page leads to /login: no handshake.
          (err: unknown) => !(err instanceof ApiError && err.kind === 'session'),
        )
        .then((loggedIn) => {
          if (loggedIn && !stopped) connection.connect();
        });
    }, CONSTANTS.notificationConnectDelayMs);
    // The socket closes before the logout ends the session, so no handshake meets an ended one.
    const forgetLogoutStep = beforeLogout(async () => {
      stopped = true;
      clearTimeout(timer);
      await connection.shutdown();
      return () => {
        stopped = false;
        connection.connect();
      };
    });
    return () => {
      forgetLogoutStep();
      stopped = true;
      clearTimeout(timer);
      connection.stop();
      const current = useLiveStore.getState();
      current.setReconnect(undefined);
      current.clearPopups();
    };
  }, [accountId, createSocket, queryClient]);
}
