/** The studio's mark (landing page, app header, 404): a plain SVG, no Amplify UI, so the landing page can use it. */
export function Logo({ size = 28, className = 'lp-logo' }: { size?: number; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#312e81" />
      <path d="M8 22V10h6.5a6 6 0 0 1 0 12H8z" fill="none" stroke="#fcd34d" strokeWidth="2.6" strokeLinejoin="round" />
      <path d="M8 16h16" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
