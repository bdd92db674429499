/** Toasts outside components: the shared notifier (packages/ui), installed by app/providers.tsx. */
export { notify, notifyError, setNotifier, type Notifier } from '@shop/ui/notify';
