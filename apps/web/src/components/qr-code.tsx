import { create } from 'qrcode';
import { useMemo } from 'react';

/** The blank margin a QR reader needs around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * A QR code of `text` as an SVG drawn here, in the browser: one path of the dark modules, no
 * image fetched from anywhere (issue 34: the join poster, a class code, a badge). Error correction
 * M survives a creased poster.
 */
export function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
      }
    }
    return { size: modules.size, path: d };
  }, [text]);
  const box = size + 2 * QUIET_ZONE;

  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
