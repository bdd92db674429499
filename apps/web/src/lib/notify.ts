/** Toasts outside components: the shared notifier (packages/ui), antd's static message, configured by main.tsx. */
export { closeToasts, configureToasts, notify, notifyError, setNotifier, type Notifier } from '@shop/ui/notify';
