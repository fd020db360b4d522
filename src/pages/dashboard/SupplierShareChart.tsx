import { Pie } from "@ant-design/charts";
import { useChartAnimate } from "../../lib/reducedMotion";

/** This month's bookings per supplier as a ring (drawn for the eye; the page gives screen readers a table). */
export default function SupplierShareChart({ data }: { data: readonly { supplierName: string; bookings: number }[] }) {
  const animate = useChartAnimate();
  return (
    <div aria-hidden="true" dir="ltr" style={{ overflow: "hidden" }}>
      <Pie animate={animate} data={[...data]} angleField="bookings" colorField="supplierName" innerRadius={0.6} height={220} autoFit legend={{ color: { position: "right" } }} />
    </div>
  );
}
