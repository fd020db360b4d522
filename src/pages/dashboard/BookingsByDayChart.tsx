import { Column } from "@ant-design/charts";
import { useChartAnimate } from "../../lib/reducedMotion";

/** This month's bookings or sales per day, stacked by product (drawn for the eye; the page gives screen readers a table). */
export default function BookingsByDayChart({ data }: { data: readonly { day: string; product: string; value: number }[] }) {
  const animate = useChartAnimate();
  return (
    // Time runs left to right in either language, as in the credit trend.
    <div aria-hidden="true" dir="ltr" style={{ overflow: "hidden" }}>
      <Column animate={animate} data={[...data]} xField="day" yField="value" colorField="product" stack height={200} autoFit axis={{ x: { labelAutoHide: true, labelAutoRotate: false } }} />
    </div>
  );
}
