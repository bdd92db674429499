import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button } from 'antd';
// TextArea from its own module: antd's Input namespace also carries Search, Password, OTP and Space.
import TextArea, { type TextAreaRef } from 'antd/es/input/TextArea';
import { CameraOutlined, CloseCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CONSTANTS } from '@shop/core/constants';
import { ApiError } from '../../../lib/api-client';
import { LazyOverlay } from '../../../components/load-on-hover/lazy-overlay';
import { hotKeywordQueries } from '../api/hot-keywords';
import { readImageAsBase64, recogniseVin } from '../api/vin-ocr';
import {
  EMPTY_SEARCH_TEXT,
  VIN_CHECK_DIGIT_WRONG_TEXT,
  VIN_FOUND_TEXT,
  planSearch,
  searchResultPath,
  vinResultPath,
} from '../search';
import styles from './search-box.module.css';
import { notifyError } from '../../../lib/notify';

/** Hot keywords shown under the box. */
const HOT_KEYWORDS_SHOWN = 8;
/** The text area's height at one line (20 px line, 7 px padding above and below), with slack. */
const ONE_LINE_HEIGHT = 40;

/**
 * The header's multi-line search box: Enter searches, Ctrl+Enter adds a line; a blank box shows
 * an error, shakes for 1 s and takes the focus; a valid VIN goes to the VIN result after 1 s,
 * anything else to /parts/result. A camera button reads a VIN from a photo.
 */
export function SearchBox({ autoHeight = false }: { autoHeight?: boolean }) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [shaking, setShaking] = useState(false);
  const [recognising, setRecognising] = useState(false);
  const [grown, setGrown] = useState(false);
  /** A mistyped VIN: its valid readings to pick from, or the input to search as a number. */
  const [mistyped, setMistyped] = useState<{ corrections: string[]; keyword: string } | null>(null);
  const inputRef = useRef<TextAreaRef>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const timers = useRef<number[]>([]);
  const pendingCaret = useRef<number | null>(null);
  const hotKeywords = useQuery(hotKeywordQueries.list());

  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);

  useEffect(() => {
    const el = inputRef.current?.resizableTextArea?.textArea;
    if (el && pendingCaret.current !== null) {
      el.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [value]);

  const later = (fn: () => void, ms: number) => {
    timers.current.push(window.setTimeout(fn, ms));
  };

  const search = (raw: string) => {
    const plan = planSearch(raw);
    setMistyped(null);
    if (plan.kind === 'empty') {
      void message.error(EMPTY_SEARCH_TEXT);
      setShaking(true);
      later(() => {
        setShaking(false);
        inputRef.current?.focus();
      }, CONSTANTS.searchShakeMs);
      return;
    }
    if (plan.kind === 'vin') {
      void message.success(VIN_FOUND_TEXT);
      later(() => void navigate(vinResultPath(plan.vin)), CONSTANTS.vinNavigateDelayMs);
      return;
    }
    if (plan.kind === 'mistyped-vin') {
      void message.error(VIN_CHECK_DIGIT_WRONG_TEXT);
      setMistyped({ corrections: plan.corrections, keyword: plan.keyword });
      return;
    }
    void navigate(searchResultPath(plan.keyword));
  };

  const goTo = (path: string) => {
    setMistyped(null);
    void navigate(path);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      // Ctrl+Enter adds a line at the caret (a textarea ignores it by itself).
      event.preventDefault();
      const el = event.currentTarget;
      const start = el.selectionStart ?? value.length;
      const end = el.selectionEnd ?? value.length;
      pendingCaret.current = start + 1;
      setValue(`${value.slice(0, start)}\n${value.slice(end)}`);
      return;
    }
    if (event.shiftKey || event.altKey) return;
    event.preventDefault();
    search(value);
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setRecognising(true);
    // Reading a photo takes a few seconds: say so until the answer comes.
    const hideProgress = message.loading('正在识别图片中的车架号…', 0);
    try {
      const vin = await recogniseVin(await readImageAsBase64(file));
      setValue(vin);
      void message.success(`识别成功：${vin}，正在跳转…`);
      later(() => void navigate(vinResultPath(vin)), CONSTANTS.vinNavigateDelayAfterOcrMs);
    } catch (err) {
      // A failed call says the server's message (an expired login was said already); a photo
      // that cannot be read says why.
      if (err instanceof ApiError) notifyError(err);
      else void message.error((err as Error).message);
    } finally {
      hideProgress();
      setRecognising(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const keywords = (hotKeywords.data ?? []).slice(0, HOT_KEYWORDS_SHOWN);

  return (
    <div className={`${styles.wrap} ${autoHeight ? styles.autoHeight : ''}`}>
      <div className={`${styles.box} ${shaking ? styles.shake : ''}`} data-testid="search-box">
        <TextArea
          ref={inputRef}
          className={styles.input}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 6 }}
          onResize={({ height }) => setGrown(height > ONE_LINE_HEIGHT)}
          placeholder="输入OE号 / 编码 / 名称 / 车架号，多个号码每行一个"
          aria-label="搜索关键词"
          title="Enter 搜索，Ctrl+Enter 换行"
          variant="borderless"
        />
        <div className={styles.tools}>
          {value && (
            <button type="button" className={styles.iconButton} aria-label="清空" onClick={() => setValue('')}>
              <CloseCircleFilled />
            </button>
          )}
          <LazyOverlay kind="tooltip" title="上传图片识别车架号">
            {(hover) => (
              <Button
                {...hover}
                type="text"
                className={styles.camera}
                icon={<CameraOutlined />}
                loading={recognising}
                aria-label="图片识别车架号"
                onClick={() => fileRef.current?.click()}
              />
            )}
          </LazyOverlay>
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            data-testid="vin-image-input"
            onChange={(e) => void onImage(e.target.files?.[0])}
          />
        </div>
        <Button type="primary" className={styles.searchButton} icon={<SearchOutlined />} onClick={() => search(value)}>
          搜索
        </Button>
      </div>
      {mistyped && (
        <div className={styles.mistyped} role="alert" data-testid="vin-corrections">
          <span>{VIN_CHECK_DIGIT_WRONG_TEXT}</span>
          {mistyped.corrections.length > 0 && <span>，您要查的是不是：</span>}
          {mistyped.corrections.map((vin) => (
            <button
              type="button"
              key={vin}
              className={styles.correction}
              onClick={() => {
                setValue(vin);
                goTo(vinResultPath(vin));
              }}
            >
              {vin}
            </button>
          ))}
          <button type="button" className={styles.asNumber} onClick={() => goTo(searchResultPath(mistyped.keyword))}>
            仍按配件号搜索
          </button>
        </div>
      )}
      {/* Overlaying the page, a box grown past one line covers the hot keywords: they give way
          instead of showing half-cut under its edge. */}
      {keywords.length > 0 && (autoHeight || !grown) && (
        <div className={styles.hot}>
          <span className={styles.hotLabel}>热门搜索：</span>
          {keywords.map((keyword) => (
            <button
              type="button"
              key={keyword}
              className={styles.hotKeyword}
              onClick={() => {
                setValue(keyword);
                search(keyword);
              }}
            >
              {keyword}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
