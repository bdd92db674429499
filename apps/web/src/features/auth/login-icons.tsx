import type { SVGProps } from 'react';
import ICONS from './login-icons.json';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children' | 'viewBox'>;

/**
 * The login page's icons as inline SVG (login-icons.json holds the paths of @ant-design/icons-svg),
 * so that /login loads neither the app's shared icon file nor antd's icon runtime. Each is 1em
 * square in the current colour.
 */
function icon({ viewBox, paths, fillRule }: { viewBox: string; paths: string[]; fillRule?: string }) {
  return function LoginIcon(props: IconProps) {
    return (
      <svg
        viewBox={viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        fillRule={fillRule === 'evenodd' ? 'evenodd' : undefined}
        aria-hidden
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const UserIcon = icon(ICONS.User);
export const LockIcon = icon(ICONS.Lock);
export const EyeIcon = icon(ICONS.Eye);
export const EyeInvisibleIcon = icon(ICONS.EyeInvisible);
export const WechatIcon = icon(ICONS.Wechat);
export const CloseCircleIcon = icon(ICONS.CloseCircle);
export const MobileIcon = icon(ICONS.Mobile);
export const SafetyIcon = icon(ICONS.Safety);
