import { Descriptions } from 'antd';
import type { ProductDetail } from '@shop/core/api/parts';
import { enginesText } from '@shop/core/part-display';

const dash = (v: string | number) => (v === '' || v === null || v === undefined ? '--' : v);

/** 配件信息: the part's attributes; the description only when there is one. */
export function InfoTab({ detail }: { detail: ProductDetail }) {
  const a = detail.attributes;
  const items = [
    { key: 'name', label: '配件名称', children: dash(detail.l_name_zh || detail.product_name) },
    { key: 'frey_no', label: '配件编码', children: dash(detail.frey_no) },
    { key: 'number', label: 'OE号', children: dash(detail.number) },
    { key: 'brand', label: '品牌', children: dash(detail.brand_name) },
    { key: 'type', label: '配件类型', children: dash(a.type_name) },
    { key: 'box', label: '包装规格', children: dash(a.box) },
    { key: 'oe_amount', label: 'OE用量', children: dash(a.oe_amount) },
    { key: 'shelf', label: '货架', children: dash(a.shelf_name) },
    { key: 'color', label: '颜色', children: dash(a.color) },
    { key: 'spec', label: '规格', children: dash(detail.l_spec_zh) },
    { key: 'model', label: '适用车型', children: dash(detail.l_model_zh), span: 2 },
    { key: 'engines', label: '发动机', children: dash(enginesText(detail.engines, Number.MAX_SAFE_INTEGER)), span: 2 },
    ...(a.description.trim() ? [{ key: 'description', label: '描述', children: a.description, span: 2 }] : []),
  ];
  return <Descriptions bordered size="small" column={2} items={items} />;
}
