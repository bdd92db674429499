import { lazy, Suspense, useMemo, useState } from 'react';
import { App, Button } from 'antd';
// TextArea from its own module: antd's Input namespace also carries Search, Password, OTP and Space.
import TextArea from 'antd/es/input/TextArea';
import { ImportOutlined, SearchOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  formatMultiNumbers,
  MULTI_NUMBER_EMPTY_TEXT,
  MULTI_NUMBER_MAX,
  parseMultiNumbers,
} from '@shop/core/multi-number';
import { variant } from '../../lib/brand';
import styles from './multi-number-box.module.css';

/**
 * The multi-number search box (spec.md section 2): title 'multi-number search', a textarea with
 * the hint, and import / reset / search. Search applies the normalisation rules
 * (@shop/core/multi-number) and opens /parts/result with the numbers, one 'number=quantity' per
 * line; more than 500 numbers is refused with a message. Import fills the box from a spreadsheet.
 */
/** Loaded when the dialog first opens: its upload, progress and alert are not on the home page's path. */
const ImportDialog = lazy(() => import('./import-dialog').then((m) => ({ default: m.ImportDialog })));

export const MULTI_NUMBER_TITLE = '多号搜索';
export const MULTI_NUMBER_HINT =
  '输入一个或多个编号，每行一个，如 OE 号；可在编号后加“=数量”，例如：\nA0004200420=2\n34116858652';

export interface MultiNumberBoxProps {
  /** Starting text (e.g. the numbers of the result being shown). */
  initialText?: string;
  /** Textarea rows. */
  rows?: number;
  className?: string;
}

export function resultPath(keyword: string, now: number = Date.now()): string {
  return `/parts/result?${new URLSearchParams({ keyword, t: String(now) })}`;
}

export function MultiNumberBox({ initialText = '', rows = 6, className }: MultiNumberBoxProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  const [importOpen, setImportOpen] = useState(false);
  const [importOpened, setImportOpened] = useState(false);
  const parsed = useMemo(() => parseMultiNumbers(text, variant), [text]);
  const count = parsed.lines.length;

  const search = () => {
    if (count === 0) {
      void message.error(MULTI_NUMBER_EMPTY_TEXT);
      return;
    }
    if (parsed.error) {
      void message.error(parsed.error);
      return;
    }
    void navigate(resultPath(formatMultiNumbers(parsed.lines)));
  };

  return (
    <section
      className={`${styles.box} ${className ?? ''}`}
      aria-label={MULTI_NUMBER_TITLE}
      data-testid="multi-number-box"
    >
      <h2 className={styles.title}>{MULTI_NUMBER_TITLE}</h2>
      <TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={rows}
        placeholder={MULTI_NUMBER_HINT}
        aria-label="多号搜索编号"
        className={styles.textarea}
      />
      <div className={`${styles.count} ${count > MULTI_NUMBER_MAX ? styles.countOver : ''}`}>
        已输入 {count} 个编号，最多 {MULTI_NUMBER_MAX} 个
      </div>
      <div className={styles.buttons}>
        <Button
          icon={<ImportOutlined />}
          onClick={() => {
            setImportOpened(true);
            setImportOpen(true);
          }}
        >
          导入
        </Button>
        <Button onClick={() => setText('')}>重置</Button>
        <Button type="primary" icon={<SearchOutlined />} onClick={search}>
          搜索
        </Button>
      </div>
      {importOpened && (
        <Suspense fallback={null}>
          <ImportDialog
            open={importOpen}
            onCancel={() => setImportOpen(false)}
            onConfirm={(imported) => {
              setText(imported);
              setImportOpen(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
