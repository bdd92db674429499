import { useMemo, useState } from 'react';
import { App, Form, Input, InputNumber, type TableColumnsType } from 'antd';
import { FormDialog } from '../../components/form-dialog/form-dialog';
import { PicturesField, usePictures } from '../../components/picture-picker/picture-picker';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyReturnResponse, OrderLine } from '@shop/core/api/orders';
import {
  RETURN_FIELDS,
  RETURN_PICTURES_MAX,
  RETURN_REASON_MAX,
  RETURN_TEXTS,
  returnPictureProblem,
} from '@shop/core/return-request';
import { ApiError, apiUpload } from '../../lib/api-client';
import { ORDER_PATH, orderKeys } from '../../entities/order/order-queries';
import { LinesTable } from '../../components/lines-table/lines-table';
import { partColumn } from './order-parts';

export interface ReturnRequestDialogProps {
  orderId: number;
  /** The order's lines; only those with returnable units are offered. */
  lines: OrderLine[];
  /** The line whose 申请退货 was clicked (its quantity starts at 1). */
  initialLineId?: number;
  onClose: () => void;
  /** After a request is made (e.g. to open the return's detail). */
  onDone?: (result: ApplyReturnResponse) => void;
}

function requestKey(): string {
  return `ret-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * 申请退货 on an order's detail: the lines with units received and not yet returned or asked for,
 * a quantity per line (at most its returnable units), a required reason, up to 3 pictures with
 * upload progress. One request key per opened dialog, so a double submit makes one request.
 */
export default function ReturnRequestDialog({
  orderId,
  lines,
  initialLineId,
  onClose,
  onDone,
}: ReturnRequestDialogProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const returnable = useMemo(() => lines.filter((l) => l.returnable_quantity > 0), [lines]);
  const [quantities, setQuantities] = useState<Record<number, number>>(() =>
    initialLineId !== undefined && returnable.some((l) => l.order_item_id === initialLineId)
      ? { [initialLineId]: 1 }
      : {},
  );
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const pictures = usePictures({
    max: RETURN_PICTURES_MAX,
    tooManyText: RETURN_TEXTS.tooManyPictures,
    problem: returnPictureProblem,
  });
  const [key] = useState(requestKey);

  const submit = useMutation({
    // The dialog says an upload failure its own way.
    meta: { showError: false },
    mutationFn: () => {
      const form = new FormData();
      form.append('order_id', String(orderId));
      form.append(
        'items',
        JSON.stringify(
          Object.entries(quantities)
            .filter(([, q]) => q > 0)
            .map(([id, quantity]) => ({ order_item_id: Number(id), quantity })),
        ),
      );
      form.append('reason', reason.trim());
      form.append('request_key', key);
      for (const p of pictures.files) form.append(RETURN_FIELDS.pictures, p, p.name);
      let msg: string = RETURN_TEXTS.submitted;
      return apiUpload<ApplyReturnResponse>(`${ORDER_PATH}/applyReturn`, form, {
        onProgress: pictures.onProgress,
        onMessage: (m) => (msg = m || msg),
      }).then((data) => ({ data, msg }));
    },
    onSuccess: ({ data, msg }) => {
      void message.success(msg);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all() });
      onDone?.(data);
      onClose();
    },
    onError: (err) => {
      pictures.failed();
      // An expired login was said by the api client.
      if (err instanceof ApiError && err.kind === 'session') return;
      if (err instanceof ApiError && err.kind !== 'network') void message.error(err.message);
      else void message.error(pictures.files.length > 0 ? RETURN_TEXTS.uploadFailed : err.message);
    },
  });

  const chosen = Object.values(quantities).filter((q) => q > 0).length;
  const send = () => {
    if (submit.isPending) return;
    if (chosen === 0) {
      void message.error(RETURN_TEXTS.noLines);
      return;
    }
    if (!reason.trim()) {
      setReasonError(RETURN_TEXTS.reasonRequired);
      return;
    }
    return submit.mutateAsync();
  };

  const columns: TableColumnsType<OrderLine> = [
    partColumn(),
    { title: '可退', dataIndex: 'returnable_quantity', key: 'max', width: 70 },
    {
      title: '退货数量',
      key: 'q',
      width: 120,
      render: (_, l) => (
        <InputNumber
          aria-label={`退货数量 ${l.frey_no}`}
          min={0}
          max={l.returnable_quantity}
          precision={0}
          value={quantities[l.order_item_id] ?? 0}
          disabled={submit.isPending}
          onChange={(v) => setQuantities((q) => ({ ...q, [l.order_item_id]: Math.min(l.returnable_quantity, v ?? 0) }))}
        />
      ),
    },
  ];

  return (
    <FormDialog
      title="申请退货"
      open
      width={720}
      pending={submit.isPending}
      onClose={onClose}
      onSubmit={send}
      okText="提交申请"
    >
      <LinesTable<OrderLine>
        rowKey="order_item_id"
        columns={columns}
        dataSource={returnable}
        locale={{ emptyText: '没有可退货的商品（只能退已签收的商品）' }}
      />
      <Form layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item
          label="退货原因"
          htmlFor="return-reason"
          validateStatus={reasonError ? 'error' : undefined}
          help={reasonError}
        >
          <Input.TextArea
            id="return-reason"
            rows={3}
            maxLength={RETURN_REASON_MAX}
            showCount
            value={reason}
            disabled={submit.isPending}
            placeholder="请说明退货原因，如发错货、质量问题、外包装破损"
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(undefined);
            }}
          />
        </Form.Item>
        <PicturesField {...pictures.field} disabled={submit.isPending} onRefuse={(text) => void message.error(text)} />
      </Form>
    </FormDialog>
  );
}
