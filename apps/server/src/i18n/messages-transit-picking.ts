// The server's texts of the transit picking workflows (docs/DECISIONS.md "Guided workflows",
// step tables 7–9), spread into messages.ts's catalogues: ru here, en beside it, same keys.

export const TRANSIT_PICKING_RU = {
  workflowExpectTransitBox: 'короб задания',
  workflowBoxFirst: 'Сначала короб {box}',
  workflowBoxNotInTask: 'Короб {box} не входит в задание {task}',
  workflowBoxOfOtherShipment: 'Короб {box} — из отгрузки {shipment}, не из {task}',
  workflowBoxAlreadyTaken: 'Уже взят {user}',
  workflowBoxPicked: 'Короб {box} взят: {done} из {total}',
  workflowBoxNotOfRun: 'Короб {item} не из задания, которое вы ведёте',
  workflowNoTransitRun: 'Нет взятого задания отбора грузовых мест: сначала возьмите его',
  workflowParcelNotInBox: 'Посылки {parcel} нет в коробе {box}',
  workflowBoxChecked: 'Проверено {checked} из {total}',
  workflowBoxCheckedMissing: 'Проверено {checked} из {total}, нет: {missing}',
} as const;

export const TRANSIT_PICKING_EN: Record<keyof typeof TRANSIT_PICKING_RU, string> = {
  workflowExpectTransitBox: 'a box of the task',
  workflowBoxFirst: 'Box {box} first',
  workflowBoxNotInTask: 'Box {box} is not in task {task}',
  workflowBoxOfOtherShipment: 'Box {box} belongs to shipment {shipment}, not {task}',
  workflowBoxAlreadyTaken: 'Already taken by {user}',
  workflowBoxPicked: 'Box {box} taken: {done} of {total}',
  workflowBoxNotOfRun: 'Box {item} is not of the task you run',
  workflowNoTransitRun: 'No cargo picking task taken: take one first',
  workflowParcelNotInBox: 'Parcel {parcel} is not in box {box}',
  workflowBoxChecked: 'Checked {checked} of {total}',
  workflowBoxCheckedMissing: 'Checked {checked} of {total}, missing: {missing}',
};
