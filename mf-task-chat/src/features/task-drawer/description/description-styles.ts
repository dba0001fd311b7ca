import { makeStyles, tokens } from '@negayno/shared/fluent';

/** How stored description HTML reads, wherever it is shown read-only (the drawer, the history). */
export const useDescriptionStyles = makeStyles({
  html: {
    lineHeight: tokens.lineHeightBase400,
    wordBreak: 'break-word',
    '& a': { color: tokens.colorBrandForegroundLink },
    '& img': { maxWidth: '100%', height: 'auto' },
    '& blockquote': { borderLeft: `4px solid ${tokens.colorNeutralStroke1}`, margin: `${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalM },
    '& pre': {
      whiteSpace: 'pre-wrap',
      backgroundColor: tokens.colorNeutralBackground3,
      padding: tokens.spacingHorizontalS,
      borderRadius: tokens.borderRadiusMedium,
    },
    '& p': { margin: 0 },
    '& .ql-indent-1': { paddingLeft: '3em' },
    '& .ql-indent-2': { paddingLeft: '6em' },
    '& .ql-indent-3': { paddingLeft: '9em' },
    '& .ql-indent-4': { paddingLeft: '12em' },
    '& .ql-indent-5': { paddingLeft: '15em' },
    '& .ql-indent-6': { paddingLeft: '18em' },
    '& .ql-indent-7': { paddingLeft: '21em' },
    '& .ql-indent-8': { paddingLeft: '24em' },
  },
});
