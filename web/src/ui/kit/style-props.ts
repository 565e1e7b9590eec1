import type { CSSProperties } from 'react';

/**
 * The layout props the screens pass to the kit's components (`gap="small"`, `color="font.secondary"`,
 * `fontSize="large"` …), turned into an inline style. Design-token names become the theme's CSS
 * variables (ui/kit/kit.css); anything else ('1rem', '600', '1 1 12rem') is used as written.
 */
export interface StyleProps {
  direction?: CSSProperties['flexDirection'];
  wrap?: CSSProperties['flexWrap'];
  gap?: string;
  justifyContent?: CSSProperties['justifyContent'];
  alignItems?: CSSProperties['alignItems'];
  alignSelf?: CSSProperties['alignSelf'];
  flex?: string;
  shrink?: number | string;
  grow?: number | string;
  padding?: string;
  paddingBlock?: string;
  paddingInline?: string;
  margin?: string;
  marginTop?: string;
  marginBottom?: string;
  marginBlock?: string;
  marginInlineStart?: string;
  width?: string;
  minWidth?: string;
  maxWidth?: string;
  height?: string;
  textAlign?: CSSProperties['textAlign'];
  color?: string;
  fontSize?: string;
  fontWeight?: string | number;
}

type Kind = 'space' | 'fontSize' | 'fontWeight' | 'color' | 'plain';

const PROPS: Record<keyof StyleProps, [keyof CSSProperties, Kind]> = {
  direction: ['flexDirection', 'plain'],
  wrap: ['flexWrap', 'plain'],
  gap: ['gap', 'space'],
  justifyContent: ['justifyContent', 'plain'],
  alignItems: ['alignItems', 'plain'],
  alignSelf: ['alignSelf', 'plain'],
  flex: ['flex', 'plain'],
  shrink: ['flexShrink', 'plain'],
  grow: ['flexGrow', 'plain'],
  padding: ['padding', 'space'],
  paddingBlock: ['paddingBlock', 'space'],
  paddingInline: ['paddingInline', 'space'],
  margin: ['margin', 'space'],
  marginTop: ['marginTop', 'space'],
  marginBottom: ['marginBottom', 'space'],
  marginBlock: ['marginBlock', 'space'],
  marginInlineStart: ['marginInlineStart', 'space'],
  width: ['width', 'plain'],
  minWidth: ['minWidth', 'plain'],
  maxWidth: ['maxWidth', 'plain'],
  height: ['height', 'plain'],
  textAlign: ['textAlign', 'plain'],
  color: ['color', 'color'],
  fontSize: ['fontSize', 'fontSize'],
  fontWeight: ['fontWeight', 'fontWeight'],
};

const SPACE = new Set(['xxxs', 'xxs', 'xs', 'small', 'medium', 'large', 'xl', 'xxl', 'xxxl']);
const FONT_SIZES = new Set(['xxxs', 'xxs', 'xs', 'small', 'medium', 'large', 'xl', 'xxl', 'xxxl', 'xxxxl']);
const FONT_WEIGHTS: Record<string, number> = { normal: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800 };

function tokenValue(kind: Kind, value: string | number): string | number {
  if (typeof value !== 'string') return value;
  switch (kind) {
    case 'space':
      return value
        .split(' ')
        .map((part) => (SPACE.has(part) ? `var(--ui-space-${part})` : part))
        .join(' ');
    case 'fontSize':
      return FONT_SIZES.has(value) ? `var(--ui-font-sizes-${value})` : value;
    case 'fontWeight':
      return FONT_WEIGHTS[value] ?? value;
    case 'color':
      // 'font.secondary' -> var(--ui-colors-font-secondary)
      return /^[a-z]+(\.[a-z0-9]+)+$/.test(value) ? `var(--ui-colors-${value.replace(/\./g, '-')})` : value;
    default:
      return value;
  }
}

/** Splits the style props off `props`: the inline style (merged over `style`) and everything else. */
export function splitStyleProps<P extends StyleProps & { style?: CSSProperties }>(props: P): { style: CSSProperties | undefined; rest: Omit<P, keyof StyleProps | 'style'> } {
  let style: Record<string, unknown> | undefined;
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    const mapping = PROPS[key as keyof StyleProps];
    if (!mapping) {
      if (key !== 'style') rest[key] = value;
      continue;
    }
    if (value === undefined || value === null) continue;
    style ??= {};
    style[mapping[0]] = tokenValue(mapping[1], value as string | number);
  }
  if (props.style) style = { ...style, ...props.style };
  return { style: style as CSSProperties | undefined, rest: rest as Omit<P, keyof StyleProps | 'style'> };
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
