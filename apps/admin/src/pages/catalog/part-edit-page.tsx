import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  TreeSelect,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  PART_CHANGED_TEXT,
  PART_NUMBER_KIND_TEXT,
  PART_NUMBER_KINDS,
  SCM_CLASSES,
  type AdminPartDetail,
  type PartInput,
} from '@shop/core/api/admin-catalog';
import { SwitchItem, TextItem } from '../../components/form-items';
import { BadIdPage, DetailWait, PageShell } from '../../components/page-shell';
import { ApiError } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useSingleFlight } from '../../lib/use-single-flight';
import { catalogQueries, useSavePart } from './catalog-api';
import { categoryTree, vehicleTreeOptions } from './catalog-options';
import { MediaAddress, PictureList } from './media-field';

/** The form's values: the part as the API takes it, the carousel split into a switch and its fields. */
type FormValues = Omit<PartInput, 'carousel'> & {
  carousel_on: boolean;
  carousel_description: string;
  carousel_pictures: string[];
};

const EMPTY: FormValues = {
  frey_no: '',
  l_name_zh: '',
  product_name: '',
  make_id: undefined as unknown as number,
  category_id: undefined as unknown as number,
  numbers: [{ kind: 'oe', factory: '', number: '' }],
  model_ids: [],
  attributes: { box: '', type_name: '', oe_amount: 1, shelf_name: '', color: '', description: '' },
  outbox_fcl_quantity: 0,
  scm_classification: 'C',
  is_coming_soon: 0,
  is_delisting: 0,
  is_orderable: 1,
  pictures: [],
  videos: [],
  carousel_on: false,
  carousel_description: '',
  carousel_pictures: [],
};

function valuesOf(part: AdminPartDetail): FormValues {
  const { carousel, ...rest } = part;
  return {
    ...EMPTY,
    ...rest,
    carousel_on: carousel !== null,
    carousel_description: carousel?.description ?? '',
    carousel_pictures: carousel?.pictures ?? [],
  };
}

function inputOf(v: FormValues): PartInput {
  const { carousel_on, carousel_description, carousel_pictures, ...rest } = v;
  return {
    frey_no: rest.frey_no,
    l_name_zh: rest.l_name_zh,
    product_name: rest.product_name,
    make_id: rest.make_id,
    category_id: rest.category_id,
    numbers: rest.numbers ?? [],
    // Makes and series of the picker are groups; only models are fitments.
    model_ids: (rest.model_ids ?? []).filter((id): id is number => typeof id === 'number'),
    attributes: rest.attributes,
    outbox_fcl_quantity: rest.outbox_fcl_quantity ?? 0,
    scm_classification: rest.scm_classification,
    is_coming_soon: rest.is_coming_soon,
    is_delisting: rest.is_delisting,
    is_orderable: rest.is_orderable,
    pictures: rest.pictures ?? [],
    videos: rest.videos ?? [],
    carousel: carousel_on ? { description: carousel_description ?? '', pictures: carousel_pictures ?? [] } : null,
  };
}

/** A 0/1 flag shown as a switch. */
const flagProps = {
  valuePropName: 'checked',
  getValueProps: (v: number) => ({ checked: v === 1 }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/** /admin/catalog/parts/:id (or /new): the whole part in one form, saved at once. */
export function PartEditPage() {
  const { id: param } = useParams();
  const id = param && /^\d{1,10}$/.test(param) ? Number(param) : null;
  const part = useQuery({ ...catalogQueries.part(id ?? 0), enabled: id !== null });
  const back = <Link to="/catalog/parts">返回商品列表</Link>;
  if (param !== 'new' && id === null) return <BadIdPage title="编辑商品" back={back} problem="商品编号不正确" />;
  if (id !== null && part.isError) return <DetailWait title="编辑商品" back={back} query={part} />;
  if (id !== null && !part.data) return <Skeleton active />;
  return (
    <PartForm
      // A reload starts the form again from the part as it is now.
      key={part.data?.version ?? 'new'}
      part={part.data ?? null}
      onReload={() => void part.refetch()}
    />
  );
}

function PartForm({ part, onReload }: { part: AdminPartDetail | null; onReload: () => void }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const categories = useQuery(catalogQueries.categories());
  const vehicles = useQuery(catalogQueries.vehicles());
  const savePart = useSavePart();
  const [conflict, setConflict] = useState(false);
  const { run: submit, busy } = useSingleFlight(async () => {
    const values = await form.validateFields();
    const input = inputOf({ ...form.getFieldsValue(true), ...values });
    try {
      const saved = await savePart.save(
        part ? { id: part.id, body: { ...input, version: part.version } } : { id: null, body: input },
      );
      if (!part) navigate(`/catalog/parts/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.message === PART_CHANGED_TEXT) setConflict(true);
      else notifyError(err);
      throw err;
    }
  });

  return (
    <PageShell
      title={part ? `编辑商品 ${part.frey_no}` : '新建商品'}
      extra={<Link to="/catalog/parts">返回商品列表</Link>}
    >
      {conflict ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={PART_CHANGED_TEXT}
          description="刷新会载入他人保存后的内容，您未保存的修改将丢失。"
          action={
            <Button size="small" onClick={onReload}>
              刷新
            </Button>
          }
        />
      ) : null}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={busy}
        initialValues={part ? valuesOf(part) : EMPTY}
        onFinish={() => void submit()}
      >
        <Card title="基本信息" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            <Col span={8}>
              <TextItem name="frey_no" label="本厂编码" max={40} required="请填写本厂编码" />
            </Col>
            <Col span={8}>
              <TextItem
                name="l_name_zh"
                label="配件名称"
                max={60}
                required="请填写配件名称"
                placeholder="如 前刹车片"
              />
            </Col>
            <Col span={8}>
              <TextItem
                name="product_name"
                label="商品全称"
                max={120}
                required="请填写商品全称"
                placeholder="如 宝马5系 前刹车片"
              />
            </Col>
            <Col span={8}>
              <Form.Item name="make_id" label="品牌" rules={[{ required: true, message: '请选择品牌' }]}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  loading={vehicles.isPending}
                  options={(vehicles.data ?? []).map((m) => ({ value: m.id, label: m.name_zh }))}
                />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="category_id" label="分类（第三级）" rules={[{ required: true, message: '请选择分类' }]}>
                <TreeSelect
                  showSearch
                  treeNodeFilterProp="title"
                  loading={categories.isPending}
                  treeData={categoryTree(categories.data ?? [], true)}
                />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="outbox_fcl_quantity" label="箱规（件/箱）">
                <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={4}>
              <Form.Item name="scm_classification" label="SCM 分类">
                <Select options={SCM_CLASSES.map((c) => ({ value: c, label: c }))} />
              </Form.Item>
            </Col>
          </Row>
          <Space size="large">
            <Form.Item name="is_coming_soon" label="即将到货" {...flagProps}>
              <Switch />
            </Form.Item>
            <Form.Item name="is_delisting" label="即将下架" {...flagProps}>
              <Switch />
            </Form.Item>
            <Form.Item name="is_orderable" label="可订购" {...flagProps}>
              <Switch />
            </Form.Item>
          </Space>
        </Card>

        <Card title="号码（OE / 替换号 / 旧号）" size="small" style={{ marginBottom: 16 }}>
          <Form.List name="numbers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item name={[field.name, 'kind']} rules={[{ required: true, message: '请选择类型' }]}>
                      <Select
                        aria-label={`号码 ${i + 1} 类型`}
                        style={{ width: 140 }}
                        options={PART_NUMBER_KINDS.map((k) => ({ value: k, label: PART_NUMBER_KIND_TEXT[k] }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'factory']}>
                      <Input aria-label={`号码 ${i + 1} 厂家`} placeholder="厂家，如 BOSCH" maxLength={40} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'number']}
                      rules={[{ required: true, whitespace: true, message: '请填写号码' }]}
                    >
                      <Input aria-label={`号码 ${i + 1}`} placeholder="号码" maxLength={60} />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={`删除号码 ${i + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add({ kind: 'replacement', factory: '', number: '' })}>
                  添加号码
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Card title="适用车型" size="small" style={{ marginBottom: 16 }}>
          <Form.Item name="model_ids" extra={part ? `当前：${part.l_model_zh || '无'}` : undefined}>
            <TreeSelect
              aria-label="适用车型"
              treeCheckable
              showCheckedStrategy={TreeSelect.SHOW_CHILD}
              showSearch
              treeNodeFilterProp="title"
              placeholder="选择品牌、车系或具体车型"
              loading={vehicles.isPending}
              treeData={vehicleTreeOptions(vehicles.data ?? [])}
              maxTagCount={20}
            />
          </Form.Item>
        </Card>

        <Card title="属性" size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {(
              [
                ['box', '包装', '如 1套/盒'],
                ['type_name', '类型', '如 陶瓷'],
                ['shelf_name', '货架', ''],
                ['color', '颜色', ''],
              ] as const
            ).map(([name, label, hint]) => (
              <Col span={5} key={name}>
                <Form.Item name={['attributes', name]} label={label}>
                  <Input maxLength={40} placeholder={hint} />
                </Form.Item>
              </Col>
            ))}
            <Col span={4}>
              <Form.Item name={['attributes', 'oe_amount']} label="单车用量">
                <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name={['attributes', 'description']} label="描述">
            <Input.TextArea maxLength={2000} rows={2} />
          </Form.Item>
        </Card>

        <Card title="图片与视频" size="small" style={{ marginBottom: 16 }}>
          <Form.Item name="pictures" label="商品图片（第一张为主图）">
            <PictureList />
          </Form.Item>
          <SwitchItem name="carousel_on" label="产品优势轮播" />
          <Form.Item noStyle dependencies={['carousel_on']}>
            {({ getFieldValue }) =>
              getFieldValue('carousel_on') ? (
                <>
                  <Form.Item name="carousel_description" label="卖点描述">
                    <Input.TextArea maxLength={2000} rows={2} />
                  </Form.Item>
                  <Form.Item name="carousel_pictures" label="轮播图片">
                    <PictureList />
                  </Form.Item>
                </>
              ) : null
            }
          </Form.Item>
          <Form.List name="videos">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, i) => (
                  <Space key={field.key} align="baseline" wrap>
                    <Form.Item
                      name={[field.name, 'video_name']}
                      rules={[{ required: true, whitespace: true, message: '请填写视频名称' }]}
                    >
                      <Input aria-label={`视频 ${i + 1} 名称`} placeholder="视频名称" maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'print_car']}>
                      <Input aria-label={`视频 ${i + 1} 车型`} placeholder="车型，如 宝马5系 G38" maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'video']} rules={[{ required: true, message: '请上传视频' }]}>
                      <MediaAddress video />
                    </Form.Item>
                    <Form.Item name={[field.name, 'pic']}>
                      <MediaAddress />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={`删除视频 ${i + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => add({ video_name: '', print_car: '', video: '', pic: '' })}
                >
                  添加视频
                </Button>
              </>
            )}
          </Form.List>
        </Card>

        <Space>
          <Button type="primary" htmlType="submit" loading={busy} disabled={busy || conflict}>
            保存
          </Button>
          <Link to="/catalog/parts">取消</Link>
        </Space>
      </Form>
    </PageShell>
  );
}
