/**
 * The description's rich-text editor: Quill 2 with the spec's toolbar, undo settings and minimum
 * height (spec 9). Quill is loaded on first use, so the drawer paints the description as HTML at once
 * and the editor takes its place a moment later. Saves follow save-rules.ts: when the editor loses
 * focus (the selection leaves), when the page hides or closes, and when the drawer closes.
 */
import { makeStyles, tokens } from '@negayno/shared/fluent';
import { reaction } from 'mobx';
import type QuillType from 'quill';
import 'quill/dist/quill.snow.css';
import { useEffect, useRef, useState } from 'react';
import { useDescriptionStyles } from './description-styles';
import { sanitizeHtml } from '@negayno/shared/lib';
import { useTranslation } from '@negayno/shared/i18n';
import type { DescriptionStore } from './description-store';
import { descriptionToSave } from './save-rules';

export const EDITOR_TOOLBAR = [
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ header: [1, 2, 3, false] }],
  ['blockquote', 'link', 'image'],
  ['clean'],
];
export const EDITOR_HISTORY = { delay: 1000, maxStack: 100, userOnly: true };
export const EDITOR_MIN_HEIGHT = 226;

const useStyles = makeStyles({
  root: {
    color: tokens.colorNeutralForeground1,
    '& .ql-toolbar.ql-snow': {
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      borderTopLeftRadius: tokens.borderRadiusMedium,
      borderTopRightRadius: tokens.borderRadiusMedium,
      display: 'flex',
      flexWrap: 'wrap',
      rowGap: tokens.spacingVerticalXS,
    },
    '& .ql-container.ql-snow': {
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      borderBottomLeftRadius: tokens.borderRadiusMedium,
      borderBottomRightRadius: tokens.borderRadiusMedium,
      fontFamily: tokens.fontFamilyBase,
      fontSize: tokens.fontSizeBase300,
    },
    '& .ql-editor': { minHeight: `${EDITOR_MIN_HEIGHT}px`, lineHeight: tokens.lineHeightBase400 },
    '& .ql-editor.ql-blank::before': { color: tokens.colorNeutralForeground4, fontStyle: 'normal' },
    // Icons follow the theme's text colour, so the toolbar reads in the dark theme too.
    '& .ql-snow .ql-stroke': { stroke: 'currentColor' },
    '& .ql-snow .ql-fill': { fill: 'currentColor' },
    '& .ql-snow .ql-picker': { color: 'inherit' },
    // The header picker shows translated words, longer than Quill's 'Normal'.
    '& .ql-snow .ql-picker.ql-header': { width: 'auto', minWidth: '98px' },
    '& .ql-snow .ql-picker.ql-header .ql-picker-label': { paddingRight: '24px' },
    '& .ql-snow button:hover, & .ql-snow button:focus-visible, & .ql-snow button.ql-active': { color: tokens.colorBrandForeground1 },
    '& .ql-snow button:hover .ql-stroke, & .ql-snow button.ql-active .ql-stroke': { stroke: tokens.colorBrandForeground1 },
    '& .ql-snow .ql-picker-options, & .ql-snow .ql-tooltip': {
      backgroundColor: tokens.colorNeutralBackground1,
      color: tokens.colorNeutralForeground1,
      border: `1px solid ${tokens.colorNeutralStroke1}`,
      boxShadow: tokens.shadow8,
      zIndex: 2,
    },
    '& .ql-snow .ql-tooltip input[type=text]': { backgroundColor: tokens.colorNeutralBackground1, color: tokens.colorNeutralForeground1 },
    '& .ql-snow .ql-tooltip': { left: '0 !important', maxWidth: '100%' },
  },
});

/** Quill's toolbar controls carry no names; screen readers and axe need one on each. */
function nameToolbar(toolbar: HTMLElement, label: (key: string) => string): void {
  for (const button of toolbar.querySelectorAll<HTMLButtonElement>('button')) {
    const format = [...button.classList].find((name) => name.startsWith('ql-'))?.slice(3) ?? '';
    button.setAttribute('aria-label', label(button.value ? `${format}.${button.value}` : format));
  }
  for (const picker of toolbar.querySelectorAll<HTMLElement>('.ql-picker')) {
    const format = [...picker.classList].find((name) => name.startsWith('ql-') && name !== 'ql-picker' && !name.endsWith('-picker'))?.slice(3) ?? '';
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', label(format));
    for (const item of picker.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const text = format === 'header' ? label(item.dataset.value ? `headerLevel${item.dataset.value}` : 'normal') : (item.dataset.value ?? label('default'));
      item.setAttribute('aria-label', text);
      // Quill's snow theme prints a header item's data-label (its own words are English only).
      if (format === 'header') item.dataset.label = text;
    }
    if (format === 'header') picker.querySelector('.ql-picker-label')?.setAttribute('data-label', label('normal'));
  }
}

/**
 * Quill's pickers swallow Escape (they prevent its default even while closed), so Escape on a closed
 * picker would not close the drawer as everywhere else. Such an Escape is stopped before Quill sees it
 * and sent on from the toolbar itself, where the drawer hears it; an open picker still closes first.
 */
function letEscapeLeaveClosedPickers(toolbar: HTMLElement): void {
  toolbar.addEventListener(
    'keydown',
    (event) => {
      const label = (event.target as HTMLElement).closest('.ql-picker-label');
      if (event.key !== 'Escape' || !label || label.closest('.ql-picker')?.classList.contains('ql-expanded')) return;
      event.stopPropagation();
      toolbar.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', bubbles: true, cancelable: true }));
    },
    { capture: true },
  );
}

export function DescriptionEditor(props: { store: DescriptionStore; label: string; placeholder: string }) {
  const { store } = props;
  const { t } = useTranslation('task');
  const styles = useStyles();
  const host = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const descriptionStyles = useDescriptionStyles();

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let quill: QuillType | null = null;
    let baseline = '';
    let disposed = false;
    const taskId = store.taskId;

    const htmlOf = (editor: QuillType) => editor.getSemanticHTML();
    const save = () => {
      if (!quill || store.taskId !== taskId) return;
      const text = descriptionToSave(htmlOf(quill), baseline);
      if (text === null) return;
      baseline = text;
      void store.save(text);
    };
    const takeIn = (html: string) => {
      if (!quill) return;
      quill.setContents(quill.clipboard.convert({ html }), 'silent');
      quill.history.clear();
      baseline = htmlOf(quill);
    };
    const onVisibility = () => document.visibilityState === 'hidden' && save();

    void import('quill').then(({ default: Quill }) => {
      if (disposed) return;
      const container = document.createElement('div');
      element.appendChild(container);
      quill = new Quill(container, {
        theme: 'snow',
        placeholder: props.placeholder,
        modules: { toolbar: EDITOR_TOOLBAR, history: EDITOR_HISTORY },
      });
      quill.root.setAttribute('aria-label', props.label);
      quill.root.setAttribute('role', 'textbox');
      quill.root.setAttribute('aria-multiline', 'true');
      quill.root.dataset.testid = 'description-editor';
      const toolbar = quill.getModule('toolbar') as { container: HTMLElement };
      nameToolbar(toolbar.container, (key) => t(`editor.${key}`, { defaultValue: key }));
      letEscapeLeaveClosedPickers(toolbar.container);
      takeIn(store.description);
      quill.on('selection-change', (range) => range === null && save());
      setReady(true);
    });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', save);
    // A description changed elsewhere (a live event) is taken in unless the user is typing here.
    const stopReaction = reaction(
      () => store.revision,
      () => !quill?.hasFocus() && takeIn(store.description),
    );
    return () => {
      save();
      disposed = true;
      stopReaction();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', save);
      element.replaceChildren();
      setReady(false);
    };
    // One editor per task: the store's own changes come in through the reaction above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, store.taskId]);

  return (
    <>
      {/* Until Quill has loaded, the stored text shows as it will read, at the editor's height. */}
      {!ready && (
        <div
          className={descriptionStyles.html}
          style={{ minHeight: EDITOR_MIN_HEIGHT + 42 }}
          data-testid="description-preview"
          dangerouslySetInnerHTML={{ __html: sanitizeHtml(store.description) }}
        />
      )}
      <div ref={host} className={styles.root} data-testid="description-editor-host" data-ready={ready} />
    </>
  );
}
