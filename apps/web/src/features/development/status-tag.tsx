import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  pending: 'default',
  developing: 'processing',
  launched: 'success',
  rejected: 'error',
};

/** A request's status ('待评估', '开发中', '已上架', '不开发') as a coloured tag. */
export function StatusTag({ status, text }: { status: string; text: string }) {
  return <Tag color={COLORS[status] ?? 'default'}>{text}</Tag>;
}
