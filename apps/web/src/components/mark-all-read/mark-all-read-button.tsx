import { Button } from 'antd';

/** 全部标为已读 of a list with unread replies: marks them all once, off while there is nothing unread. */
export function MarkAllReadButton({
  mark,
  hasUnread,
}: {
  mark: { mutate: () => void; isPending: boolean };
  hasUnread: boolean;
}) {
  return (
    <Button onClick={() => mark.mutate()} loading={mark.isPending} disabled={!hasUnread}>
      全部标为已读
    </Button>
  );
}
