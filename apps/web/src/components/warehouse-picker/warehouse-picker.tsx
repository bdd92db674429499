import { App, Button, Radio } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import { WAREHOUSE_NAMES, WAREHOUSES, type WarehouseId } from '@shop/core/constants';
import { variant } from '../../lib/brand';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';
import { userQueries } from '../../entities/user/user-queries';
import styles from './warehouse-picker.module.css';

/**
 * The warehouse picker (spec.md sections 2 and 4 'Warehouse'): 'shipping warehouse' with the
 * Guangzhou (tag 1) and Beijing (tag 2) warehouses — Beijing only when the variant has it and the
 * account is regional —, 'set as default warehouse' (stored for 365 days, '设置成功') and the
 * 'one-click copy quotation' button with the number of ticked rows.
 */
export const SET_DEFAULT_OK_TEXT = '设置成功';

/** The warehouse in force for the signed-in account (Guangzhou unless Beijing is enabled). */
export function useShippingWarehouse(): { warehouse: WarehouseId; beijingEnabled: boolean } {
  const { data: user } = useQuery(userQueries.info());
  const beijingEnabled = beijingWarehouseEnabled(variant, user?.is_regional_warehouse ?? 0);
  const choice = usePreferences((s) => s.warehouse);
  return { warehouse: effectiveWarehouse(choice, beijingEnabled), beijingEnabled };
}

export interface WarehousePickerProps {
  selectedCount: number;
  onCopyQuotation: () => void;
}

export function WarehousePicker({ selectedCount, onCopyQuotation }: WarehousePickerProps) {
  const { message } = App.useApp();
  const { warehouse, beijingEnabled } = useShippingWarehouse();
  const setWarehouse = usePreferences((s) => s.setWarehouse);
  const defaultWarehouse = usePreferences((s) => s.defaultWarehouse);
  const options = beijingEnabled ? [WAREHOUSES.guangzhou, WAREHOUSES.beijing] : [WAREHOUSES.guangzhou];

  return (
    <div className={styles.picker} data-testid="warehouse-picker">
      <span className={styles.label}>发货仓库</span>
      <Radio.Group
        value={warehouse}
        onChange={(e) => setWarehouse(e.target.value as WarehouseId)}
        optionType="button"
        buttonStyle="solid"
        size="small"
        options={options.map((w) => ({ value: w, label: WAREHOUSE_NAMES[w] }))}
      />
      {beijingEnabled && (
        <Button
          type="link"
          size="small"
          disabled={defaultWarehouse === warehouse}
          onClick={() => {
            setWarehouse(warehouse, { asDefault: true });
            void message.success(SET_DEFAULT_OK_TEXT);
          }}
        >
          {defaultWarehouse === warehouse ? '已是默认仓库' : '设为默认仓库'}
        </Button>
      )}
      <Button icon={<CopyOutlined />} onClick={onCopyQuotation} data-testid="copy-quotation">
        一键复制报价（{selectedCount}）
      </Button>
    </div>
  );
}
