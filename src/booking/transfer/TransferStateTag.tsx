import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { TransferState } from "../../contract/moneyTransfer";

const STATE_COLOURS: Record<TransferState, string> = { created: "default", sent: "processing", paid: "green", rejected: "red", cancelled: "default", refunded: "orange" };

export function TransferStateTag({ state }: { state: TransferState }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOURS[state]} data-testid="transfer-state">{t(`booking.transfer.states.${state}`)}</Tag>;
}
