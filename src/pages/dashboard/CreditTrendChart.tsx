import { Line } from "@ant-design/charts";
import { useChartAnimate } from "../../lib/reducedMotion";
import type { Dashboard } from "../../contract/dashboard";

/** The credit used over the last 30 days as a line (drawn for the eye; the page gives screen readers a table). */
export default function CreditTrendChart({ trend, toMajor }: { trend: Dashboard["credit"]["trend"]; toMajor: (minor: number) => number }) {
  const animate = useChartAnimate();
  return (
    // Time runs left to right in either language (the canvas would mix an Arabic page's direction into its labels); a canvas still as wide as before a resize is clipped, never widening the page.
    <div aria-hidden="true" dir="ltr" style={{ overflow: "hidden" }}>
      <Line
        data={trend.map((point) => ({ date: point.date.slice(5), used: toMajor(point.used) }))}
        xField="date"
        yField="used"
        height={180}
        autoFit
        animate={animate}
        axis={{ x: { labelAutoHide: true, labelAutoRotate: false } }}
      />
    </div>
  );
}
